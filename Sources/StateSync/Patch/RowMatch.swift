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
    private let survivingNewIndices: Set<Int>

    init?(old: [JSONValue], new: [JSONValue]) {
        guard !Self.idsAlignByPosition(old, new) else { return nil }
        guard let oldIDs = Self.uniqueIDs(of: old), let newIDs = Self.uniqueIDs(of: new) else { return nil }
        let newPositions = Dictionary(uniqueKeysWithValues: newIDs.enumerated().map { ($1, $0) })
        var removed: [Int] = [], surviving: [Int] = [], survivingNew = Set<Int>()
        var lastNewPosition = -1
        for (oldIndex, id) in oldIDs.enumerated() {
            guard let newPosition = newPositions[id] else { removed.append(oldIndex); continue }
            guard newPosition > lastNewPosition else { return nil }  // order changed
            lastNewPosition = newPosition
            surviving.append(oldIndex)
            survivingNew.insert(newPosition)
        }
        removedOldIndices = removed
        survivingOldIndices = surviving
        survivingNewIndices = survivingNew
    }

    func isSurviving(newIndex: Int) -> Bool { survivingNewIndices.contains(newIndex) }

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
        var ids: [RowID] = [], seen = Set<RowID>()
        ids.reserveCapacity(rows.count)
        for row in rows {
            guard let id = RowID(row: row), seen.insert(id).inserted else { return nil }
            ids.append(id)
        }
        return ids
    }
}
