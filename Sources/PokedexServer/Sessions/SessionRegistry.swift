import Foundation
import StateSync
import Synchronization
import WebSocketServer

/// Every live session, and which connection is bound to which session. A session whose
/// browser went away is kept for the grace period so a reconnect can resume it.
final class SessionRegistry: Sendable {
    private struct Tables {
        var sessions: [String: Session] = [:]
        /// Connections whose hello is being answered, with the actions that arrived meanwhile.
        var greeting: [UInt64: [(action: JSONValue, ref: Int?, key: String?)]] = [:]
        /// Sessions per user, those reserved and not yet added included.
        var sessionsByUser: [String: Int] = [:]

        /// Removes the session and gives its place back; false when it was not held.
        mutating func remove(_ session: Session) -> Bool {
            guard sessions.removeValue(forKey: session.id) != nil else { return false }
            let userID = session.user.id
            if let held = sessionsByUser[userID], held > 1 { sessionsByUser[userID] = held - 1 } else { sessionsByUser[userID] = nil }
            return true
        }
    }

    private let tables = Mutex(Tables())
    let grace: Duration
    let metrics: ServerMetricsRecorder
    let hub: FavoritesHub
    let clock: ServerClock

    init(grace: Duration, metrics: ServerMetricsRecorder, hub: FavoritesHub, clock: ServerClock = .continuous) {
        self.grace = grace
        self.metrics = metrics
        self.hub = hub
        self.clock = clock
    }

    /// Every session held, connected or kept for resuming.
    var liveSessions: [Session] { tables.withLock { Array($0.sessions.values) } }

    func session(id: String) -> Session? {
        tables.withLock { $0.sessions[id] }
    }

    /// Marks a connection as saying hello: its actions wait until it has a session.
    /// Returns false when it already has a session or a hello under way.
    func beginHello(_ connection: Connection) -> Bool {
        tables.withLock { tables in
            guard connection.binding.withLock({ $0 == nil }), tables.greeting[connection.id] == nil else { return false }
            tables.greeting[connection.id] = []
            return true
        }
    }

    /// Keeps an action that arrived during the hello; false when no hello is under way.
    func holdDuringHello(_ connection: Connection, action: JSONValue, ref: Int?, key: String? = nil) -> Bool {
        tables.withLock { tables in
            guard tables.greeting[connection.id] != nil else { return false }
            tables.greeting[connection.id]?.append((action, ref, key))
            return true
        }
    }

    /// The hello failed: the connection may say hello again.
    func abandonHello(_ connection: Connection) {
        _ = tables.withLock { $0.greeting.removeValue(forKey: connection.id) }
    }

    /// The session bound to `connection`, read from the connection (`Connection.binding`, the
    /// one record of it, set and cleared under the tables' lock): each frame asks, and a table
    /// of every connection behind one lock was a line both service threads wrote.
    func session(for connection: Connection) -> Session? {
        connection.binding.withLock { $0.map { unsafeDowncast($0, to: Session.self) } }
    }

    /// The session `id` for `userID` to resume. If another connection still holds it (a quick
    /// reload), that connection is let go first.
    func resume(_ id: String, for userID: String) -> Session? {
        guard let session = tables.withLock({ $0.sessions[id] }), session.user.id == userID else { return nil }
        if let previous = session.output.connection {
            unbind(previous)
            previous.close(code: 1000, reason: "resumed on another connection")
        }
        return session
    }

    /// Whether no live session has this id (a saved one may then come back under it).
    func isFreeID(_ id: String) -> Bool {
        tables.withLock { $0.sessions[id] == nil }
    }

    /// Claims a place for one more session of the user: false when they hold `limit` already
    /// (connected or kept for resuming; 0 means no limit). A claimed place is the session's
    /// until it expires; claimed before the session is built, so a refusal costs no Store.
    func reserveSession(for userID: String, limit: Int, elsewhere: Int = 0) -> Bool {
        tables.withLock { tables in
            let held = tables.sessionsByUser[userID, default: 0]
            if limit > 0, held + elsewhere >= limit { return false }
            tables.sessionsByUser[userID] = held + 1
            return true
        }
    }

    /// Adds a session whose place `reserveSession` claimed, unless one has its id already;
    /// returns whether it was added.
    @discardableResult
    func add(_ session: Session) -> Bool {
        let added = tables.withLock { tables -> Bool in
            guard tables.sessions[session.id] == nil else { return false }
            tables.sessions[session.id] = session
            return true
        }
        if added { metrics.sessionOpened() }
        return added
    }

    /// Binds the connection to its session and hands over the actions held during the hello.
    func bind(_ connection: Connection, to session: Session) {
        let held = tables.withLock { tables in
            connection.binding.withLock { $0 = session }
            return tables.greeting.removeValue(forKey: connection.id) ?? []
        }
        session.disconnectedAt.withLock { $0 = nil }
        hub.connected(session.user.id)
        for item in held { session.enqueue(item.action, ref: item.ref, key: item.key) }
    }

    /// The connection closed: keep its session for the grace period, then drop it unless a
    /// browser resumed it meanwhile.
    func unbind(_ connection: Connection) {
        let session = tables.withLock { tables in
            tables.greeting[connection.id] = nil
            return connection.binding.withLock { binding in
                defer { binding = nil }
                return binding.map { unsafeDowncast($0, to: Session.self) }
            }
        }
        guard let session else { return }
        session.pause()
        session.screenClosed()
        session.output.detach(connection)
        hub.disconnected(session.user.id)
        let leftAt = clock.now()
        session.disconnectedAt.withLock { $0 = leftAt }
        let (grace, clock) = (self.grace, self.clock)
        Task { [weak self] in
            try? await clock.sleep(leftAt + grace)
            self?.expire(session, ifDisconnectedSince: leftAt)
        }
    }

    /// The sessions of a user this process holds, connected or kept.
    func sessions(ofUser userID: String) -> [Session] {
        tables.withLock { $0.sessions.values.filter { $0.user.id == userID } }
    }

    /// Ends these sessions at once (their user signed out): they are not kept for a resume,
    /// and their browsers are closed with 4001, which tells them to start afresh.
    func end(_ ended: [Session]) {
        for session in ended {
            let connection = session.output.connection
            let removed = tables.withLock { tables -> Bool in
                guard tables.remove(session) else { return false }
                connection?.binding.withLock { $0 = nil }
                return true
            }
            guard removed else { continue }
            session.pause()
            if let connection {
                session.output.detach(connection)
                hub.disconnected(session.user.id)
                connection.close(code: Self.signedOutCloseCode, reason: "signed out")
            }
            metrics.sessionClosed()
            Task { await session.tearDown() }
        }
    }

    /// The close code of a session whose user signed out (4000–4999 are the application's).
    static let signedOutCloseCode: UInt16 = 4001

    /// Ends every session (the server is shutting down): their Stores stop and free.
    func removeAll() async {
        let sessions = tables.withLock { tables -> [Session] in
            defer { tables = Tables() }
            return Array(tables.sessions.values)
        }
        for session in sessions { await session.tearDown() }
    }

    private func expire(_ session: Session, ifDisconnectedSince leftAt: ContinuousClock.Instant) {
        guard session.disconnectedAt.withLock({ $0 == leftAt }) else { return }
        let removed = tables.withLock { $0.remove(session) }
        guard removed else { return }
        metrics.sessionClosed()
        Task { await session.tearDown() }
    }
}
