/// A few values by id, in an array: the subscribers of one list's favorites or of one live
/// key, nearly always one (each is a whole process's shared box, not a session), for which a
/// dictionary's storage was the larger part. Found by a linear search.
struct Subscribers<Value> {
    private var entries: [(id: Int, value: Value)] = []

    var isEmpty: Bool { entries.isEmpty }
    var values: [Value] { entries.map(\.value) }

    /// Setting nil removes the id; setting a new id appends it.
    subscript(id: Int) -> Value? {
        get { entries.first { $0.id == id }?.value }
        set {
            if let newValue {
                if let position = entries.firstIndex(where: { $0.id == id }) {
                    entries[position].value = newValue
                } else {
                    entries.append((id, newValue))
                }
            } else {
                removeValue(forKey: id)
            }
        }
    }

    @discardableResult
    mutating func removeValue(forKey id: Int) -> Value? {
        guard let position = entries.firstIndex(where: { $0.id == id }) else { return nil }
        let removed = entries.remove(at: position).value
        // Not keeping the capacity: a list held again later starts from nothing.
        if entries.isEmpty { entries = [] }
        return removed
    }
}

extension Subscribers: Sendable where Value: Sendable {}
