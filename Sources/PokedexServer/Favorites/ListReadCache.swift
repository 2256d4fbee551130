import Synchronization

/// The last value read from storage for each of a list's keys (a roster page, its activity),
/// handed to every Store that starts holding it until the list is refreshed. A big list's
/// members open and close its Favorites view all the time, and each first holder of a value
/// read it again (a roster page sorts the list's members in the database); now a read happens
/// once per refresh of the list, however many views open meanwhile.
///
/// A read that began before an invalidation is not kept (each list has a generation).
final class ListReadCache<Value: Sendable>: Sendable {
    private struct Entry {
        var values: [String: Value] = [:]
        var generation = 0
    }

    private let lists = Mutex<[String: Entry]>([:])

    /// The cached value of `variant` of the list's key, or `read()`'s (kept when nothing
    /// invalidated the list meanwhile).
    func value(list listID: String, variant: String = "", read: () -> Value?) -> Value? {
        let (cached, generation) = lists.withLock { ($0[listID]?.values[variant], $0[listID]?.generation ?? 0) }
        if let cached { return cached }
        guard let value = read() else { return nil }
        lists.withLock { lists in
            guard (lists[listID]?.generation ?? 0) == generation else { return }
            if lists.count >= Self.maximumLists, lists[listID] == nil { lists.removeAll() }
            lists[listID, default: Entry()].values[variant] = value
        }
        return value
    }

    /// The list changed: its next reads go to storage.
    func invalidate(list listID: String) {
        lists.withLock { lists in
            let generation = (lists[listID]?.generation ?? 0) + 1
            lists[listID] = Entry(values: [:], generation: generation)
        }
    }

    /// Every list changed, as far as anyone knows (the feed missed notices).
    func invalidateAll() {
        lists.withLock { lists in
            for listID in lists.keys { lists[listID] = Entry(values: [:], generation: lists[listID]!.generation + 1) }
        }
    }

    /// Past this many lists the cache starts over (each entry is a few pages of one list).
    static var maximumLists: Int { 10_000 }
}
