/// How two arrays of rows (objects with an int or string `id`) line up by id, when matching by
/// id is both possible and needed. `init` fails, leaving the positional diff to do the job, when:
/// - some element is not a row, or an id repeats;
/// - the ids already line up by position (positional diff gives the same ops, cheaper);
/// - the surviving rows changed order (no add/remove sequence keeps them; positional diff or a
///   whole replace, whichever is smaller, is used instead).
struct RowMatch {
    /// Old indices whose id is gone from the new array, ascending.
    let removedOldIndices: [Int]
    /// Old indices whose id is still present, ascending (also their order in the new array).
    let survivingOldIndices: [Int]
    /// By new index: whether that row survives from the old array.
    private let survivingNew: [Bool]

    /// Up to this many rows a side, ids are found and checked unique by a linear search: a
    /// page of rows (a search's answer, 20) is matched without building a set and a
    /// dictionary of its ids, which were most of the match.
    private static let linearSearchLimit = 32

    init?(old: [JSONValue], new: [JSONValue]) {
        // Rows with int ids (every list's) are matched on their ids as ints: as `RowID`s, each
        // id was copied out of its row and compared through the enum. Rows with an id repeated
        // go on to the general path, which refuses them too.
        if let oldIDs = Self.uniqueIDs(of: old, Self.intID), let newIDs = Self.uniqueIDs(of: new, Self.intID) {
            let common = min(oldIDs.count, newIDs.count)
            guard oldIDs[..<common] != newIDs[..<common] else { return nil }  // aligned by position
            self.init(oldIDs: oldIDs, newIDs: newIDs)
            return
        }
        guard !Self.idsAlignByPosition(old, new) else { return nil }
        guard let oldIDs = Self.uniqueIDs(of: old, RowID.init(row:)), let newIDs = Self.uniqueIDs(of: new, RowID.init(row:)) else { return nil }
        self.init(oldIDs: oldIDs, newIDs: newIDs)
    }

    /// The match of rows whose ids, each unique, are `oldIDs` and `newIDs`; nil when the
    /// surviving ones changed order.
    private init?<ID: Hashable>(oldIDs: [ID], newIDs: [ID]) {
        let newPositions = newIDs.count > Self.linearSearchLimit
            ? Dictionary(uniqueKeysWithValues: newIDs.enumerated().map { ($1, $0) }) : nil
        var removed: [Int] = [], surviving: [Int] = []
        removed.reserveCapacity(oldIDs.count)
        surviving.reserveCapacity(min(oldIDs.count, newIDs.count))
        var survivingNew = [Bool](repeating: false, count: newIDs.count)
        var lastNewPosition = -1
        for (oldIndex, id) in oldIDs.enumerated() {
            let found = if let newPositions { newPositions[id] } else { newIDs.firstIndex(of: id) }
            guard let newPosition = found else { removed.append(oldIndex); continue }
            guard newPosition > lastNewPosition else { return nil }  // order changed
            lastNewPosition = newPosition
            surviving.append(oldIndex)
            survivingNew[newPosition] = true
        }
        removedOldIndices = removed
        survivingOldIndices = surviving
        self.survivingNew = survivingNew
    }

    func isSurviving(newIndex: Int) -> Bool { survivingNew[newIndex] }

    /// An int or string `id`, the only kinds used as row keys.
    private enum RowID: Hashable {
        case int(Int)
        case string(String)

        init?(row: JSONValue) {
            switch RowMatch.idValue(of: row) {
            case .int(let id): self = .int(id)
            case .string(let id): self = .string(id)
            default: return nil
            }
        }
    }

    /// True unless both arrays hold rows at some common position whose ids differ.
    private static func idsAlignByPosition(_ old: [JSONValue], _ new: [JSONValue]) -> Bool {
        for index in 0..<min(old.count, new.count) {
            guard let oldID = RowID(row: old[index]), let newID = RowID(row: new[index]) else { return true }
            if oldID != newID { return false }
        }
        return true
    }

    /// A row's `id` member; nil when `row` is no object. Rows usually lead with their id: the
    /// first member is read in place before a lookup.
    private static func idValue(of row: JSONValue) -> JSONValue? {
        guard case .object(let object) = row else { return nil }
        let members = object.members
        return !members.isEmpty && members[0].key == "id" ? members[0].value : object["id"]
    }

    private static func intID(of row: JSONValue) -> Int? {
        if case .int(let id)? = idValue(of: row) { id } else { nil }
    }

    /// Each row's id as `id` reads it, in order; nil when one has none or an id repeats.
    private static func uniqueIDs<ID: Hashable>(of rows: [JSONValue], _ id: (JSONValue) -> ID?) -> [ID]? {
        // Not rows (a list's pages): known from the first element, before any room is made.
        if let first = rows.first, id(first) == nil { return nil }
        var ids: [ID] = []
        ids.reserveCapacity(rows.count)
        if rows.count <= linearSearchLimit {
            for row in rows {
                guard let id = id(row), !ids.contains(id) else { return nil }
                ids.append(id)
            }
            return ids
        }
        var seen = Set<ID>()
        for row in rows {
            guard let id = id(row), seen.insert(id).inserted else { return nil }
            ids.append(id)
        }
        return ids
    }
}
