import Storage
import Synchronization

/// Where the hub hands the committed events that concern a user's sessions rather than a
/// shared value: a rename (every tab shows the new name) and revoked tokens (the sessions
/// holding them end). Made here, from this process's commits, or in another process and
/// brought by the change feed. `PokedexApp` points it at the session registry.
final class AccountEvents: Sendable {
    private let listener = Mutex<(@Sendable (StorageEvent) -> Void)?>(nil)

    func listen(_ body: @escaping @Sendable (StorageEvent) -> Void) {
        listener.withLock { $0 = body }
    }

    /// Called where the hub applies events (the storage queue or the feed's), so the listener
    /// may read storage.
    func deliver(_ event: StorageEvent) {
        listener.withLock { $0 }?(event)
    }
}
