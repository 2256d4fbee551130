import Foundation
import Synchronization
import WebSocketServer

/// Every live session, and which connection is bound to which session. A session whose
/// browser went away is kept for the grace period so a reconnect can resume it.
final class SessionRegistry: Sendable {
    private struct Tables {
        var sessions: [String: Session] = [:]
        var byConnection: [UInt64: Session] = [:]
    }

    private let tables = Mutex(Tables())
    let grace: Duration
    let metrics: ServerMetricsRecorder

    init(grace: Duration, metrics: ServerMetricsRecorder) {
        self.grace = grace
        self.metrics = metrics
    }

    func session(for connection: Connection) -> Session? {
        tables.withLock { $0.byConnection[connection.id] }
    }

    /// A session to resume, if it exists and no other connection holds it.
    func resumable(_ id: String) -> Session? {
        tables.withLock { tables in
            guard let session = tables.sessions[id], !session.output.isAttached else { return nil }
            return session
        }
    }

    func add(_ session: Session) {
        tables.withLock { $0.sessions[session.id] = session }
        metrics.sessionOpened()
    }

    func bind(_ connection: Connection, to session: Session) {
        tables.withLock { $0.byConnection[connection.id] = session }
        session.disconnectedAt.withLock { $0 = nil }
    }

    /// The connection closed: keep its session for the grace period, then drop it unless a
    /// browser resumed it meanwhile.
    func unbind(_ connection: Connection) {
        guard let session = tables.withLock({ $0.byConnection.removeValue(forKey: connection.id) }) else { return }
        session.output.detach(connection)
        let leftAt = ContinuousClock.now
        session.disconnectedAt.withLock { $0 = leftAt }
        let grace = self.grace
        Task { [weak self] in
            try? await Task.sleep(for: grace)
            self?.expire(session, ifDisconnectedSince: leftAt)
        }
    }

    private func expire(_ session: Session, ifDisconnectedSince leftAt: ContinuousClock.Instant) {
        guard session.disconnectedAt.withLock({ $0 == leftAt }) else { return }
        let removed = tables.withLock { $0.sessions.removeValue(forKey: session.id) != nil }
        guard removed else { return }
        metrics.sessionClosed()
        Task { await session.tearDown() }
    }
}
