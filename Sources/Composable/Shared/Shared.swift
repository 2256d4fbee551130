import Synchronization

/// A value that many Stores hold by reference: a change made through any holder is seen by
/// all, and every Store holding it is told so it can re-render. With a `SharedKey`, the value
/// is loaded from and saved to storage, and all holders of the same key share one reference.
public struct Shared<Value: Sendable>: Sendable {
    @usableFromInline let box: SharedBox<Value>

    /// A new shared reference that lives in memory only.
    public init(_ value: Value) {
        box = SharedBox(value, key: nil)
    }

    /// The shared reference for `key`: the same for every holder of an equal key while any
    /// holder lives; loaded from the key's storage, or `defaultValue` when storage has none.
    public init<Key: SharedKey>(_ key: Key, default defaultValue: @autoclosure () -> Value) where Key.Value == Value {
        box = SharedRegistry.box(for: key, default: defaultValue)
    }

    /// The shared reference for `key`, whose storage the caller has just written with
    /// `value` (a record it created): a new reference starts from `value` without reading
    /// storage back; an existing one keeps its own value.
    public init<Key: SharedKey>(_ key: Key, stored value: Value) where Key.Value == Value {
        box = SharedRegistry.box(for: key, startingWith: { value })
    }

    /// Inlinable, so reading it in another module is specialized to `Value` (unspecialized,
    /// every read looked up generic metadata, once per member of a fan-out).
    @inlinable public var wrappedValue: Value {
        box.read()
    }

    /// The value's version, read without the lock: a number no other value of any reference
    /// had, renewed at each change. Equal versions, the same reference and value: what a
    /// holder notes to tell later that nothing changed.
    @inlinable public var version: Int {
        box.version.load(ordering: .acquiring)
    }

    /// The value and its `version`, read together under the lock. The live value, even inside
    /// a TestStore's expectation (for the server's holders, which note versions).
    @inlinable public var versionedValue: (value: Value, version: Int) {
        box.readVersioned()
    }

    /// Changes the value under the lock, then saves it (through the key, if any) and notifies
    /// every holder.
    @discardableResult
    public func withLock<R>(_ mutate: (inout Value) throws -> R) rethrows -> R {
        try box.mutate(mutate)
    }

    /// Identifies the reference, for `Store.observe(sharedIn:_:)`.
    public var reference: SharedReference { SharedReference(box: box) }

    /// The reference's identity, the same for every `Shared` of one value (one key), without
    /// making a reference: inlinable, so it is a pointer read (a reference retains the box,
    /// which weak holders give a side table, and an unspecialized one looked up generic
    /// metadata).
    @inlinable public var referenceID: ObjectIdentifier { ObjectIdentifier(box) }

    /// Subscribes a holder; the returned subscription ends with its last reference.
    func subscribe(_ subscriber: some SharedSubscriber) -> SharedSubscription {
        box.subscribe(subscriber)
    }
}

extension Shared: Equatable where Value: Equatable {
    /// Two holders of the same reference are equal; otherwise compare the values.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.box === rhs.box || lhs.wrappedValue == rhs.wrappedValue
    }
}

extension Shared: CustomStringConvertible {
    public var description: String { "Shared(\(wrappedValue))" }
}

/// What a Store implements to hear about shared changes.
package protocol SharedSubscriber: AnyObject, Sendable {
    /// Where the subscriber is told: on this executor, by a walk over its holders there
    /// (`SharedHolders`); nil, where the change was made.
    var notificationExecutor: (any StoreExecutor)? { get }

    /// The shared value of `box` (its box's identity, `Shared.referenceID`), which it holds,
    /// changed. Called on `notificationExecutor` when it has one.
    func sharedValueDidChange(of box: ObjectIdentifier)
}

/// Ends a subscription when released: frees the holder's slot in its group. The slot itself,
/// not a closure that frees it: the closure's context was an allocation of its own for every
/// shared value of every session. The holders are held strongly (they hold their subscribers
/// weakly, so no cycle): a weak reference gave each box's holders a side table of its own, and
/// holders outliving their box a little are only a table no one tells.
package final class SharedSubscription: Sendable {
    private let holders: SharedHolders
    private let group: ObjectIdentifier?
    private let slot: Int

    init(holders: SharedHolders, group: ObjectIdentifier?, slot: Int) {
        self.holders = holders
        self.group = group
        self.slot = slot
    }

    deinit { holders.unsubscribe(group: group, slot: slot) }
}

/// A type-erased shared reference: which `Shared` values a Store should listen to.
public struct SharedReference: Sendable {
    let box: any AnySharedBox
}

/// The shared values a state holds, as `Store.observeChanges(sharedIn:_:)`'s lister names
/// them (`add`) after every batch. Nearly always they are the ones the Store holds already,
/// in the same order: each is then compared by its identity where it lies, with no array
/// built and no reference made (each retains a box on its slow path). Only when they differ
/// does the Store ask the lister again, to gather them.
public struct SharedListing {
    /// What the Store listens to, in the order last listed.
    let expected: [SharedListened]
    /// How many were listed.
    @usableFromInline var listed = 0
    @usableFromInline var differs = false
    /// Gathering: the references listed; nil while comparing.
    @usableFromInline var gathered: [SharedReference]?

    init(comparingWith expected: [SharedListened]) {
        self.expected = expected
    }

    init(gathering: Void) {
        expected = []
        gathered = []
    }

    /// Lists `shared`.
    @inlinable public mutating func add<Value>(_ shared: Shared<Value>) {
        if gathered != nil {
            gather(shared)
        } else if !differs {
            compare(shared.referenceID)
        }
        listed += 1
    }

    /// Not inlined: gathering is rare, and a reference's box is not visible outside.
    @usableFromInline mutating func gather<Value>(_ shared: Shared<Value>) {
        gathered?.append(shared.reference)
    }

    @usableFromInline mutating func compare(_ id: ObjectIdentifier) {
        if listed >= expected.count || expected[listed].id != id { differs = true }
    }

    /// Whether the references listed are those of `expected`, in its order.
    var matchesExpected: Bool { !differs && listed == expected.count }
}

/// A shared value a Store listens to: its identity and the subscription (one per value; a
/// value listed twice shares it).
struct SharedListened {
    let id: ObjectIdentifier
    let subscription: SharedSubscription
}
