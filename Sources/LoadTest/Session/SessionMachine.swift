import StateSync
import WebSocketServer

/// What a simulated session is doing.
enum SessionPhase: Sendable, Equatable {
    case notStarted
    /// Waiting for welcome and the first snapshot.
    case connecting
    case ready
    /// Closed on purpose, to resume or verify later.
    case dropped
    /// Reconnected with `resume`; waiting for the probe's ack.
    case resuming
    /// Reconnected to get a fresh snapshot to compare with the copy.
    case verifying
    case verified
    /// Could not connect, closed unexpectedly or was refused: ends the session.
    case failed

    /// No further frame is awaited in this phase.
    var isSettled: Bool {
        switch self {
        case .ready, .dropped, .verified, .failed, .notStarted: true
        case .connecting, .resuming, .verifying: false
        }
    }
}

/// A simulated session's state, touched under its lock only.
struct SessionMachine: Sendable {
    var phase = SessionPhase.notStarted
    var connection: ClientConnection?
    /// Increases with every connection, so events of an earlier one are ignored.
    var generation = 0
    var connectStartedAt = ContinuousClock.now
    var isOpen = false
    var closeExpected = false
    /// What to do once the current connection has closed on purpose.
    var afterClose: ClientMessage.Hello?
    var sessionID: String?
    var token: String?
    var copy = SyncedCopy()
    var nextRef = 1
    var inFlight: [Int: ContinuousClock.Instant] = [:]
    /// The row each `list.rowTapped` in flight tapped, by ref.
    var rowTaps: [Int: Int] = [:]
    /// When an action was last acknowledged.
    var lastAnswerAt: ContinuousClock.Instant?
    /// The resume probe's ref and whether a snapshot came before its ack.
    var probeRef: Int?
    var resumedBySnapshot = false
    /// Set by `move(to:)`: the target every later connection goes to.
    var target: LoadTarget?
    /// Whether an unexpected close of a ready session drops it (`tolerateLoss`), and when one did.
    var lossTolerated = false
    var lostAt: ContinuousClock.Instant?

    mutating func takeRef() -> Int {
        defer { nextRef += 1 }
        return nextRef
    }
}

/// A seq no server has sent: resuming from it cannot be served by patches, so the server
/// answers with a snapshot of the same session (the protocol refuses negative seqs).
let unreplayableSeq = Int(Int32.max)
