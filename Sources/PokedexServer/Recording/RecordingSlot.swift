import Synchronization

/// A session's recording, if it keeps one: set when the session starts (`--record`,
/// `--debug`) or later, once, when its user consents ("Report a problem"). Read on every
/// action (one atomic load: off, nothing more), and by the debug routes from other threads.
final class RecordingSlot: Sendable {
    private let reference = AtomicLazyReference<SessionRecording>()
    /// Whose recording consent starts, and under which settings (`Session+Consent`), set once
    /// the session exists: its id, not the session (see `ConsentRecordings.session`).
    private let onConsent = Mutex<(session: String, recordings: ConsentRecordings)?>(nil)

    /// Whether a slot of this process was ever given a recording. Until then no slot is read:
    /// a shared change asks each member's, on memory no other member touches.
    private static let anyInstalled = Atomic<Bool>(false)

    var recording: SessionRecording? { Self.anyInstalled.load(ordering: .acquiring) ? reference.load() : nil }

    /// Keeps `recording` unless one is kept already; returns the one kept.
    @discardableResult
    func install(_ recording: SessionRecording) -> SessionRecording {
        Self.anyInstalled.store(true, ordering: .releasing)
        return reference.storeIfNil(recording)
    }

    func whenConsented(session id: String, recordings: ConsentRecordings) {
        onConsent.withLock { $0 = (id, recordings) }
    }

    /// The user consents: the session records from now on; answers the reference to quote.
    func consent() async throws -> String {
        guard let (id, recordings) = onConsent.withLock({ $0 }), let session = recordings.session(id) else {
            throw RecordingRefused.unavailable
        }
        return try await session.recordOnConsent(recordings)
    }
}

/// Why "Report a problem" started no recording.
enum RecordingRefused: Error {
    /// This server records no session on consent.
    case unavailable
}
