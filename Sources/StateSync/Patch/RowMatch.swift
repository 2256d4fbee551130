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
        // id was copied out of its row and compared through the enum, most of a page's match.
        if let oldIDs = Self.intIDs(of: old), let newIDs = Self.intIDs(of: new) {
            let common = min(oldIDs.count, newIDs.count)
            guard oldIDs[..<common] != newIDs[..<common] else { return nil }  // aligned by position
            guard Self.areUnique(oldIDs), Self.areUnique(newIDs) else { return nil }
            self.init(oldIDs: oldIDs, newIDs: newIDs)
            return
        }
        guard !Self.idsAlignByPosition(old, new) else { return nil }
        guard let oldIDs = Self.uniqueIDs(of: old), let newIDs = Self.uniqueIDs(of: new) else { return nil }
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
            guard case .object(let object) = row else { return nil }
            // Rows usually lead with their id: check the first member before a lookup.
            let leading = object.members.first
            switch leading?.key == "id" ? leading?.value : object["id"] {
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

    /// The int `id` of each row, nil unless every element is a row with one.
    private static func intIDs(of rows: [JSONValue]) -> [Int]? {
        // Not rows (a list's pages): known before any room is made.
        guard case .object? = rows.first else { return nil }
        var ids: [Int] = []
        ids.reserveCapacity(rows.count)
        for row in rows {
            guard case .object(let object) = row else { return nil }
            // Rows usually lead with their id: read in place, then looked up.
            let members = object.members
            let leading = !members.isEmpty && members[0].key == "id" ? members[0].value : object["id"]
            guard case .int(let id)? = leading else { return nil }
            ids.append(id)
        }
        return ids
    }

    private static func areUnique(_ ids: [Int]) -> Bool {
        if ids.count <= linearSearchLimit {
            for (position, id) in ids.enumerated() where ids[..<position].contains(id) { return false }
            return true
        }
        return Set(ids).count == ids.count
    }

    private static func uniqueIDs(of rows: [JSONValue]) -> [RowID]? {
        var ids: [RowID] = []
        ids.reserveCapacity(rows.count)
        if rows.count <= linearSearchLimit {
            for row in rows {
                guard let id = RowID(row: row), !ids.contains(id) else { return nil }
                ids.append(id)
            }
            return ids
        }
        var seen = Set<RowID>()
        for row in rows {
            guard let id = RowID(row: row), seen.insert(id).inserted else { return nil }
            ids.append(id)
        }
        return ids
    }
}
