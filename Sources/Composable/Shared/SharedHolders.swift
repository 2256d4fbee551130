import Synchronization

/// The Stores holding one shared reference, each told when its value changes. Not generic, so
/// walking thousands of them runs specialized code (inside the generic box it did not).
///
/// Holders are grouped by the executor they are told on (`SharedSubscriber.notificationExecutor`),
/// and a change walks each group there, a slice at a time, telling each holder in place. So the
/// Store that made the change does not walk every holder inside its reducer (which made a
/// star's own latency grow with its list's members), each service thread walks only its own
/// holders, and no holder needs a job of its own. Holders with no executor are told at once,
/// where the change was made.
final class SharedHolders: Sendable {
    /// Holders told between two turns of their executor: a slice is as much work as that many
    /// jobs, and what it sends goes out before the next slice.
    static let walkSlice = 64

    private struct Holder {
        weak var subscriber: (any SharedSubscriber)?
    }

    /// The holders told on one executor, in slots that keep their place while a walk goes on.
    private struct Group {
        let executor: (any StoreExecutor)?
        var slots: [Holder] = []
        var freeSlots: [Int] = []
        var walk = Walk.idle

        init(executor: (any StoreExecutor)?) {
            self.executor = executor
        }
    }

    private enum Walk {
        case idle
        /// A walk is queued on the executor and has not started: it will see the latest value.
        case queued
        /// A walk is under way, next at `cursor`; `again` when the value changed during it, so
        /// the holders told before the change are told once more.
        case running(cursor: Int, again: Bool)
    }

    private let groups = Mutex(Groups())

    /// The groups by their executor's identity (nil: no executor), in a small array: a box has
    /// as many groups as executors hold it, a few at most, and most boxes (a user's own lists,
    /// a list only its owner holds) have one, for which a dictionary's storage was the larger
    /// part of a subscription.
    private struct Groups: Sequence {
        private var groups: [Group] = []

        private static func key(of group: Group) -> ObjectIdentifier? {
            group.executor.map { ObjectIdentifier($0) }
        }

        private func position(of key: ObjectIdentifier?) -> Int? {
            groups.firstIndex { Self.key(of: $0) == key }
        }

        /// In place: a holder's slot changes without copying the group's slots.
        subscript(key: ObjectIdentifier?) -> Group? {
            get { position(of: key).map { groups[$0] } }
            _modify {
                let position = position(of: key)
                var group: Group? = nil
                if let position {
                    // Moved out, so the group's arrays stay uniquely referenced while changed.
                    group = groups[position]
                    groups[position] = Group(executor: nil)
                }
                defer {
                    switch (position, group) {
                    case let (position?, group?): groups[position] = group
                    case let (position?, nil): groups.remove(at: position)
                    case let (nil, group?): groups.append(group)
                    case (nil, nil): break
                    }
                }
                yield &group
            }
        }

        mutating func removeValue(forKey key: ObjectIdentifier?) -> Group? {
            guard let position = position(of: key) else { return nil }
            return groups.remove(at: position)
        }

        var values: [Group] { groups }

        func makeIterator() -> some IteratorProtocol<(key: ObjectIdentifier?, value: Group)> {
            groups.lazy.map { (key: Self.key(of: $0), value: $0) }.makeIterator()
        }
    }

    func subscribe(_ subscriber: some SharedSubscriber) -> SharedSubscription {
        let executor = subscriber.notificationExecutor
        let key = executor.map { ObjectIdentifier($0) }
        let slot = groups.withLock { groups in
            var group = groups.removeValue(forKey: key) ?? Group(executor: executor)
            let holder = Holder(subscriber: subscriber)
            let slot: Int
            if let free = group.freeSlots.popLast() {
                group.slots[free] = holder
                slot = free
            } else {
                group.slots.append(holder)
                slot = group.slots.count - 1
            }
            groups[key] = group
            return slot
        }
        return SharedSubscription(holders: self, group: key, slot: slot)
    }

    /// Frees the slot of an ended subscription (`SharedSubscription`).
    func unsubscribe(group key: ObjectIdentifier?, slot: Int) {
        groups.withLock { groups in
            groups[key]?.slots[slot] = Holder()
            groups[key]?.freeSlots.append(slot)
        }
    }

    /// How many holders are subscribed (ended subscriptions free their slot at once).
    var count: Int {
        groups.withLock { groups in groups.values.reduce(0) { $0 + $1.slots.count - $1.freeSlots.count } }
    }

    /// Tells every holder still alive that the value of `box` (the holders' box) changed:
    /// those with no executor now, outside the lock (a holder may subscribe or end its
    /// subscription meanwhile), the others by a walk on theirs.
    func notifyAll(of box: ObjectIdentifier) {
        let (immediate, walks) = groups.withLock { groups -> ([any SharedSubscriber], [(ObjectIdentifier, any StoreExecutor)]) in
            var walks: [(ObjectIdentifier, any StoreExecutor)] = []
            for (key, group) in groups {
                guard let key, let executor = group.executor else { continue }
                switch group.walk {
                case .idle:
                    groups[key]!.walk = .queued
                    walks.append((key, executor))
                case .queued:
                    break
                case .running(let cursor, _):
                    groups[key]!.walk = .running(cursor: cursor, again: true)
                }
            }
            return (groups[nil].map(Self.alive) ?? [], walks)
        }
        for (key, executor) in walks { executor.execute { self.walk(key, of: box, on: executor) } }
        for subscriber in immediate { subscriber.sharedValueDidChange(of: box) }
    }

    /// Tells the next slice of a group's holders, on its executor, and queues the rest.
    private func walk(_ key: ObjectIdentifier, of box: ObjectIdentifier, on executor: any StoreExecutor) {
        let (slice, isMoreLeft) = groups.withLock { groups -> ([any SharedSubscriber], Bool) in
            guard let group = groups[key] else { return ([], false) }
            var cursor = 0, again = false
            if case .running(let at, let changed) = group.walk { (cursor, again) = (at, changed) }
            let end = min(cursor + Self.walkSlice, group.slots.count)
            let slice = Self.alive(in: group.slots[cursor..<end])
            if end < group.slots.count {
                groups[key]!.walk = .running(cursor: end, again: again)
            } else if again {
                groups[key]!.walk = .running(cursor: 0, again: false)
            } else {
                groups[key]!.walk = .idle
            }
            return (slice, end < group.slots.count || again)
        }
        for subscriber in slice { subscriber.sharedValueDidChange(of: box) }
        if isMoreLeft { executor.execute { self.walk(key, of: box, on: executor) } }
    }

    private static func alive(_ group: Group) -> [any SharedSubscriber] {
        alive(in: group.slots[...])
    }

    private static func alive(in holders: ArraySlice<Holder>) -> [any SharedSubscriber] {
        var alive: [any SharedSubscriber] = []
        alive.reserveCapacity(holders.count)
        // Each weak reference read where it lies. Read through an immutable buffer (or a loop
        // over the holders), each holder was copied first: a weak copy and its destruction, two
        // more atomics on the holder's side table. The pointer is only read.
        holders.withUnsafeBufferPointer { holders in
            guard let base = holders.baseAddress else { return }
            let slots = UnsafeMutablePointer(mutating: base)
            for index in 0..<holders.count {
                if let subscriber = slots[index].subscriber { alive.append(subscriber) }
            }
        }
        return alive
    }
}
