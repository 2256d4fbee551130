import Composable
import Synchronization

/// One value for each executor sessions run on (a service thread), made the first time that
/// executor asks: what the sessions of one thread write for every member of a fan-out, kept
/// apart from the other thread's so no line is written by both cores. Each entry holds its
/// executor, so no other executor takes its identity while the value lives.
final class PerExecutor<Value: AnyObject & Sendable>: Sendable {
    private let make: @Sendable (any StoreExecutor) -> Value
    private let entries = Mutex<[ObjectIdentifier: (executor: any StoreExecutor, value: Value)]>([:])

    init(make: @escaping @Sendable (any StoreExecutor) -> Value) {
        self.make = make
    }

    /// The value of `executor` (asked once per session, at its start).
    func value(for executor: any StoreExecutor) -> Value {
        entries.withLock { entries in
            if let known = entries[ObjectIdentifier(executor)] { return known.value }
            let value = make(executor)
            entries[ObjectIdentifier(executor)] = (executor, value)
            return value
        }
    }

    /// Every executor's value, in no particular order.
    var all: [Value] {
        entries.withLock { $0.values.map(\.value) }
    }
}
