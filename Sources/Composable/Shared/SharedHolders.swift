import Synchronization

/// The Stores holding one shared reference, each told when its value changes. Not generic, so
/// walking thousands of them runs specialized code (inside the generic box it did not: ~3% of
/// a fan-out's server CPU).
final class SharedHolders: Sendable {
    private struct Holder {
        weak var subscriber: (any SharedSubscriber)?
    }

    private let holders = Mutex<[Int: Holder]>([:])
    private let nextID = Atomic<Int>(0)

    func subscribe(_ subscriber: some SharedSubscriber) -> SharedSubscription {
        let id = nextID.add(1, ordering: .relaxed).newValue
        holders.withLock { $0[id] = Holder(subscriber: subscriber) }
        return SharedSubscription { [weak self] in
            self?.holders.withLock { _ = $0.removeValue(forKey: id) }
        }
    }

    /// Tells every holder still alive, outside the lock: a holder may subscribe or end its
    /// subscription meanwhile.
    func notifyAll() {
        let subscribers = holders.withLock { holders in
            var alive: [any SharedSubscriber] = []
            alive.reserveCapacity(holders.count)
            for holder in holders.values {
                if let subscriber = holder.subscriber { alive.append(subscriber) }
            }
            return alive
        }
        for subscriber in subscribers { subscriber.sharedValueDidChange() }
    }
}
