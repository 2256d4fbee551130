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

/// The process-wide map from keys to live shared references. Touched only when a `Shared`
/// is created from a key, never per action.
enum SharedRegistry {
    private final class WeakBox: @unchecked Sendable {
        // Written once at creation; read under `entries`' lock.
        weak var box: AnyObject?
        var keySubscription: SharedKeySubscription?
        init(_ box: AnyObject) { self.box = box }
    }

    private static let entries = Mutex<[String: WeakBox]>([:])

    static func box<Key: SharedKey>(for key: Key, default defaultValue: () -> Key.Value) -> SharedBox<Key.Value> {
        let registryKey = "\(Key.self):\(key.id)"
        if let existing = entries.withLock({ $0[registryKey]?.box as? SharedBox<Key.Value> }) { return existing }
        // Storage is read outside the lock; if another holder created the box meanwhile, its
        // box wins and this load is dropped.
        let loaded = key.load() ?? defaultValue()
        return entries.withLock { entries in
            if let existing = entries[registryKey]?.box as? SharedBox<Key.Value> { return existing }
            let box = SharedBox(loaded, key: key, registryKey: registryKey)
            let entry = WeakBox(box)
            entry.keySubscription = key.subscribe { [weak box] value in box?.replaceFromStorage(value) }
            entries[registryKey] = entry
            return box
        }
    }

    /// Drops the entry of a box that was released (called from its deinit).
    static func forget(_ registryKey: String) {
        entries.withLock { entries in
            if entries[registryKey]?.box == nil { entries[registryKey] = nil }
        }
    }
}
