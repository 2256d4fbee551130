import Synchronization

/// Where a shared value is persisted. All `Shared` values created with equal keys (`id`)
/// share one reference in the process.
public protocol SharedKey<Value>: Sendable {
    associatedtype Value: Sendable
    /// Identifies the storage location; equal ids share one reference.
    var id: String { get }
    /// The stored value, or nil when storage has none yet.
    func load() -> Value?
    /// Persists a value changed through a `Shared` (`previous` is the value before the change,
    /// so a key can store just the difference). Throwing restores `previous` in memory.
    func save(_ value: Value, previous: Value) throws
    /// Calls `onChange` when storage changes from elsewhere (another hub, another process).
    /// Returns a subscription that ends when released.
    func subscribe(_ onChange: @escaping @Sendable (Value) -> Void) -> SharedKeySubscription
}

/// Ends a persistence key's subscription when released.
public final class SharedKeySubscription: Sendable {
    private let cancel: @Sendable () -> Void
    public init(cancel: @escaping @Sendable () -> Void) { self.cancel = cancel }
    deinit { cancel() }
}

extension SharedKey {
    /// How many Stores in this process hold this key's shared value.
    public var holderCount: Int { Self.holderCount(id: id) }

    /// How many Stores in this process hold the shared value of this key type's `id`.
    public static func holderCount(id: String) -> Int { SharedRegistry.holderCount(of: Self.self, id: id) }
}

/// The process-wide map from keys to live shared references. Touched only when a `Shared`
/// is created from a key, never per action; but every session's Store creates a few, so the
/// map is split in stripes by key (a connect storm's sessions took turns on one lock).
enum SharedRegistry {
    private final class WeakBox: @unchecked Sendable {
        // Written once at creation; read under its stripe's lock.
        weak var box: AnyObject?
        var keySubscription: SharedKeySubscription?
        init(_ box: AnyObject) { self.box = box }
    }

    /// A key's type and id: equal ids of different key types are different values.
    struct EntryKey: Hashable, Sendable {
        let type: ObjectIdentifier
        let id: String
    }

    private final class Stripe: Sendable {
        let entries = Mutex<[EntryKey: WeakBox]>([:])
    }

    private static let stripes = (0..<16).map { _ in Stripe() }

    private static func entries(of entryKey: EntryKey) -> Stripe {
        stripes[Int(UInt(bitPattern: entryKey.hashValue) % UInt(stripes.count))]
    }

    /// The box for `key`, loading its value from storage (or `defaultValue`) when new.
    static func box<Key: SharedKey>(for key: Key, default defaultValue: () -> Key.Value) -> SharedBox<Key.Value> {
        box(for: key, startingWith: { key.load() ?? defaultValue() })
    }

    /// The box for `key`; `initial` gives a new box's value. A new box is made and subscribed
    /// outside the lock (`initial` may read storage, subscribing may queue a read); if another
    /// holder created the box meanwhile, that box wins and this one is dropped.
    static func box<Key: SharedKey>(for key: Key, startingWith initial: () -> Key.Value) -> SharedBox<Key.Value> {
        let entryKey = EntryKey(type: ObjectIdentifier(Key.self), id: key.id)
        let stripe = entries(of: entryKey)
        if let existing = stripe.entries.withLock({ $0[entryKey]?.box as? SharedBox<Key.Value> }) { return existing }
        let box = SharedBox(initial(), key: key, entryKey: entryKey)
        let entry = WeakBox(box)
        entry.keySubscription = key.subscribe { [weak box] value in box?.replaceFromStorage(value) }
        return stripe.entries.withLock { entries in
            if let existing = entries[entryKey]?.box as? SharedBox<Key.Value> { return existing }
            entries[entryKey] = entry
            return box
        }
    }

    /// How many Stores hold the live reference of a key of type `Key` with this id (0 when
    /// none is live): what one change of it costs to push.
    static func holderCount<Key: SharedKey>(of _: Key.Type, id: String) -> Int {
        let entryKey = EntryKey(type: ObjectIdentifier(Key.self), id: id)
        let box = entries(of: entryKey).entries.withLock { $0[entryKey]?.box as? any AnySharedBox }
        return box?.holderCount ?? 0
    }

    /// Drops the entry of a box that was released (called from its deinit).
    static func forget(_ entryKey: EntryKey) {
        entries(of: entryKey).entries.withLock { entries in
            if entries[entryKey]?.box == nil { entries[entryKey] = nil }
        }
    }
}
