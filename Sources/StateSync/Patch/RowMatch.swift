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
        guard !Self.idsAlignByPosition(old, new) else { return nil }
        guard let oldIDs = Self.uniqueIDs(of: old), let newIDs = Self.uniqueIDs(of: new) else { return nil }
        let newPositions = newIDs.count > Self.linearSearchLimit
            ? Dictionary(uniqueKeysWithValues: newIDs.enumerated().map { ($1, $0) }) : nil
        var removed: [Int] = [], surviving: [Int] = []
        var survivingNew = [Bool](repeating: false, count: new.count)
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
