import Synchronization

/// Recordings made on their users' consent ("Report a problem") when not every session
/// records: how they are kept (`RecordingSettings(onConsent:)`), and how many may run at once
/// in this process, since each holds up to its ring of actions in memory until its session
/// ends (a user asking in every tab must not make the server keep thousands).
final class ConsentRecordings: Sendable {
    static let defaultLimit = 100

    let settings: RecordingSettings
    let limit: Int
    private let running = Atomic<Int>(0)
    /// Finds a live session by its id (the registry's, set once it exists): a session's
    /// recording slot names its session by id, so nothing of a session holds the session
    /// itself, weakly or not (a weak reference gave every session a side table, and every
    /// retain of it, one per frame, the slow path).
    private let sessions = Mutex<(@Sendable (String) -> Session?)?>(nil)

    init(settings: RecordingSettings, limit: Int = ConsentRecordings.defaultLimit) {
        self.settings = settings
        self.limit = limit
    }

    /// Takes a place for one more recording; false when all are taken.
    func admit() -> Bool {
        var current = running.load(ordering: .relaxed)
        while current < limit {
            let (exchanged, original) = running.compareExchange(expected: current, desired: current + 1, ordering: .acquiringAndReleasing)
            if exchanged { return true }
            current = original
        }
        return false
    }

    /// A recording admitted here is gone.
    func ended() {
        running.subtract(1, ordering: .relaxed)
    }

    var count: Int { running.load(ordering: .relaxed) }

    /// Sets how a session is found by its id.
    func findSessions(with lookup: @escaping @Sendable (String) -> Session?) {
        sessions.withLock { $0 = lookup }
    }

    /// The live session `id`, if any.
    func session(_ id: String) -> Session? {
        sessions.withLock { $0 }?(id)
    }
}
