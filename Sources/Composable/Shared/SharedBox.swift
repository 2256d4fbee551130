import Synchronization

/// The reference behind a `Shared` value: the value under a lock, its holders, and its key.
@usableFromInline final class SharedBox<Value: Sendable>: Sendable, AnySharedBox {
    @usableFromInline let value: Mutex<Value>
    /// The value's version: a number drawn from `SharedVersions` when the box is made and at
    /// each change of its value, under the lock, so no two boxes' values ever had the same one.
    /// Read without the lock (`Shared.version`): a holder that noted it sees that nothing
    /// changed without taking the lock every holder takes (a line each service thread would
    /// write in turn) or retaining the value, and a memo keyed by it answers only for this
    /// box's value, without holding the box.
    @usableFromInline let version = Atomic<Int>(SharedVersions.next())
    private let holders = SharedHolders()
    /// Where a change is saved. The key itself, not a closure calling its `save`: the
    /// closure's context was an allocation of its own for every keyed value (every user's
    /// lists and favorites).
    private let key: (any SharedKey<Value>)?

    /// Where the registry keeps this box, for a keyed value.
    private let entryKey: SharedRegistry.EntryKey?

    init(_ initial: Value, key: (any SharedKey<Value>)?, entryKey: SharedRegistry.EntryKey? = nil) {
        self.entryKey = entryKey
        value = Mutex(initial)
        self.key = key
    }

    deinit {
        if let entryKey { SharedRegistry.forget(entryKey) }
    }

    @inlinable func read() -> Value {
        if let snapshot = SharedSnapshot.current, let expected = snapshot.value(of: ObjectIdentifier(self)) as? Value { return expected }
        return value.withLock { $0 }
    }

    /// The live value and its version, read together under the lock.
    @inlinable func readVersioned() -> (value: Value, version: Int) {
        value.withLock { ($0, version.load(ordering: .relaxed)) }
    }

    func mutate<R>(_ body: (inout Value) throws -> R) rethrows -> R {
        if let snapshot = SharedSnapshot.current {
            // A TestStore is stating its expectation: change the expected copy only.
            var copy = (snapshot.value(of: ObjectIdentifier(self)) as? Value) ?? value.withLock { $0 }
            let result = try body(&copy)
            snapshot.set(copy, of: self)
            return result
        }
        // Saving under the lock keeps writes to storage in the order they were made.
        let (result, changed) = try value.withLock { current -> (R, Bool) in
            let old = current
            let result = try body(&current)
            do {
                try key?.save(current, previous: old)
            } catch {
                current = old
                DependencyValues.current.reportIssue("Could not save a shared value: \(error)")
                return (result, false)
            }
            version.store(SharedVersions.next(), ordering: .releasing)
            return (result, true)
        }
        if changed { holders.notifyAll(of: ObjectIdentifier(self)) }
        return result
    }

    /// Replaces the value when storage changed underneath (another process, another hub)
    /// without saving it back.
    /// A value equal to the one held tells no holder: a reload that found nothing new (a roster
    /// refreshed for a member beyond its first page) would cost every holder a projection.
    func replaceFromStorage(_ newValue: Value) {
        let changed = value.withLock { current -> Bool in
            if isEqual(current, newValue) { return false }
            current = newValue
            version.store(SharedVersions.next(), ordering: .releasing)
            return true
        }
        if changed { holders.notifyAll(of: ObjectIdentifier(self)) }
    }

    func subscribe(_ subscriber: some SharedSubscriber) -> SharedSubscription {
        holders.subscribe(subscriber)
    }

    var holderCount: Int { holders.count }

    // AnySharedBox
    package var currentValue: Any { value.withLock { $0 } }
    package var boxID: ObjectIdentifier { ObjectIdentifier(self) }
    func subscribeAny(_ subscriber: some SharedSubscriber) -> SharedSubscription { subscribe(subscriber) }
}

/// Where the boxes' versions come from: one counter for the process, so a version names one
/// box's value (a box made where a freed one was starts from a number that box never had).
/// Drawn once per box and per change, never per read.
enum SharedVersions {
    private static let last = Atomic<Int>(0)

    static func next() -> Int {
        last.add(1, ordering: .relaxed).newValue
    }
}

/// A type-erased shared reference, for finding and snapshotting them in a state.
package protocol AnySharedBox: AnyObject, Sendable {
    var currentValue: Any { get }
    var boxID: ObjectIdentifier { get }
    var holderCount: Int { get }
    func subscribeAny(_ subscriber: some SharedSubscriber) -> SharedSubscription
}

/// Whether two values of one type are equal, when the type is Equatable (false otherwise).
private func isEqual<Value>(_ lhs: Value, _ rhs: Value) -> Bool {
    guard let lhs = lhs as? any Equatable else { return false }
    return lhs.isEqual(to: rhs)
}

private extension Equatable {
    func isEqual(to other: Any) -> Bool {
        guard let other = other as? Self else { return false }
        return self == other
    }
}
