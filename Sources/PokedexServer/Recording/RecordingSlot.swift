import Synchronization

/// A session's recording, if it keeps one: set when the session starts (`--record`,
/// `--debug`) or later, once, when its user consents ("Report a problem"). Read on every
/// action (one atomic load: off, nothing more), and by the debug routes from other threads.
final class RecordingSlot: Sendable {
    private let reference = AtomicLazyReference<SessionRecording>()
    /// What consent does for this session (`Session+Consent`), set once the session exists.
    private let onConsent = Mutex<(@Sendable () async throws -> String)?>(nil)

    var recording: SessionRecording? { reference.load() }

    /// Keeps `recording` unless one is kept already; returns the one kept.
    @discardableResult
    func install(_ recording: SessionRecording) -> SessionRecording {
        reference.storeIfNil(recording)
    }

    func whenConsented(_ start: @escaping @Sendable () async throws -> String) {
        onConsent.withLock { $0 = start }
    }

    /// The user consents: the session records from now on; answers the reference to quote.
    func consent() async throws -> String {
        guard let start = onConsent.withLock({ $0 }) else { throw RecordingRefused.unavailable }
        return try await start()
    }
}

/// Why "Report a problem" started no recording.
enum RecordingRefused: Error {
    /// This server records no session on consent.
    case unavailable
}
