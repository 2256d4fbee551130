import Storage
import Synchronization

/// Events a listener delivered, from its thread to the test's.
final class EventLog: Sendable {
    private let events = Mutex<[StorageEvent]>([])

    /// Appends `event`; returns how many there are now.
    func append(_ event: StorageEvent) -> Int {
        events.withLock { $0.append(event); return $0.count }
    }

    var all: [StorageEvent] { events.withLock { $0 } }
}
