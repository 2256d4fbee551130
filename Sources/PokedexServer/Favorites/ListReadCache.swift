import Synchronization

/// The last value read from storage for each of a list's keys (a roster page, its activity),
/// handed to every Store that starts holding it until the list is refreshed. A big list's
/// members open and close its Favorites view all the time, and each first holder of a value
/// read it again (a roster page sorts the list's members in the database); now a read happens
/// once per refresh of the list, however many views open meanwhile.
///
/// A read that began before an invalidation is not kept (each list has a generation, and the
/// whole cache an epoch that `invalidateAll` moves on).
final class ListReadCache<Value: Sendable>: Sendable {
    private struct Entry {
        var values: [String: Value] = [:]
        var generation = 0
    }

    private struct Lists {
        var entries: [String: Entry] = [:]
        var epoch = 0
    }

    private let lists = Mutex(Lists())

    /// The cached value of `variant` of the list's key, or `read()`'s (kept when nothing
    /// invalidated the list meanwhile).
    func value(list listID: String, variant: String = "", read: () -> Value?) -> Value? {
        let (cached, generation, epoch) = lists.withLock {
            ($0.entries[listID]?.values[variant], $0.entries[listID]?.generation ?? 0, $0.epoch)
        }
        if let cached { return cached }
        guard let value = read() else { return nil }
        lists.withLock { lists in
            guard lists.epoch == epoch, (lists.entries[listID]?.generation ?? 0) == generation else { return }
            if lists.entries.count >= Self.maximumLists, lists.entries[listID] == nil { lists.entries.removeAll() }
            lists.entries[listID, default: Entry()].values[variant] = value
        }
        return value
    }

    /// The list changed: its next reads go to storage.
    func invalidate(list listID: String) {
        lists.withLock { lists in
            let generation = (lists.entries[listID]?.generation ?? 0) + 1
            lists.entries[listID] = Entry(values: [:], generation: generation)
        }
    }

    /// Every list changed, as far as anyone knows (the feed missed notices, or presence changed
    /// while no roster was open: then on every connect, so it must not walk the lists).
    func invalidateAll() {
        lists.withLock { lists in
            lists.entries.removeAll()
            lists.epoch += 1
        }
    }

    /// Past this many lists the cache starts over (each entry is a few pages of one list).
    static var maximumLists: Int { 10_000 }
}
