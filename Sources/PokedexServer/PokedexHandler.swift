import Composable
import Foundation
import Logging
import PokedexFeatures
import PokedexModels
import StateSync
import Storage
import WebSocketServer

/// The app on top of the transport: binds websocket connections to sessions, feeds their
/// actions to the sessions' Stores, and serves the app's HTTP routes.
final class PokedexHandler: WebSocketHandler {
    let registry: SessionRegistry
    let context: SessionContext
    let routes: HTTPRoutes
    let limits: ServerLimits
    let log: Logger

    init(registry: SessionRegistry, context: SessionContext, routes: HTTPRoutes, limits: ServerLimits, log: Logger) {
        self.registry = registry
        self.context = context
        self.routes = routes
        self.limits = limits
        self.log = log
    }

    /// The connection's own action rate limit (nil when the limit is off), which each of its
    /// frames takes from (`admit`).
    func admissionForNewConnection() -> (any AnyObject & Sendable)? {
        limits.actions.limitForNewConnection()
    }

    func connectionOpened(_ connection: Connection) {}

    func connection(_ connection: Connection, didReceiveText text: [UInt8]) {
        self.connection(connection, didReceiveText: text.span)
    }

    /// Read where the frame lies: its JSON is parsed once, into the message, and never copied.
    func connection(_ connection: Connection, didReceiveText text: Span<UInt8>) {
        let message: ClientMessage
        do {
            message = try ClientMessage.parse(text)
        } catch {
            guard admit(connection, ref: nil) else { return }
            refuse(error, on: connection)
            return
        }
        // Every frame counts against the connection's rate, hellos too.
        let ref: Int? = if case let .action(ref, _, _) = message { ref } else { nil }
        guard admit(connection, ref: ref) else { return }
        switch message {
        case let .hello(hello):
            guard registry.beginHello(connection) else {
                return refuse(ProtocolError(.badMessage, "This connection already said hello."), on: connection)
            }
            // Identity and session set-up touch SQLite: off the transport's thread.
            Task { await self.greet(connection, hello) }
        case let .action(ref, action, key):
            if let session = registry.session(for: connection) {
                session.enqueue(action, ref: ref, key: key)
            } else if !registry.holdDuringHello(connection, action: action, ref: ref, key: key) {
                refuse(ProtocolError(.notHello, "Send hello before any action.", ref: ref), on: connection)
            }
        }
    }

    func connectionClosed(_ connection: Connection, code: UInt16) {
        registry.unbind(connection)
    }

    /// The connection's action rate: false when this frame is refused (an `error` frame
    /// `rate_limited` for its ref) or dropped, and the connection closed with 1008 when it
    /// keeps sending while refused.
    private func admit(_ connection: Connection, ref: Int?) -> Bool {
        guard let limit = connection.admission else { return true }
        switch unsafeDowncast(limit, to: ConnectionRateLimit.self).admit() {
        case .admitted:
            return true
        case .refused:
            context.metrics.limitRefused(.actions)
            context.metrics.error(ProtocolError.Code.rateLimited.rawValue)
            // No log line: a flood would write one per frame.
            let error = ProtocolError(.rateLimited, "Too many actions: at most \(limits.actions.perSecond) a second. This one was dropped.", ref: ref)
            _ = connection.send(ServerMessage(error).encoded())
        case .close:
            context.metrics.limitRefused(.actions)
            context.metrics.rateLimitClosed()
            let session = registry.session(for: connection)
            log.warning("ws.rate_limit_close", session: session?.id, user: session?.user.id,
                        ["conn": "\(connection.id)", "addr": connection.remoteAddress, "code": "1008"])
            connection.close(code: 1008, reason: "too many actions")
        case .dropped:
            break
        }
        return false
    }

    func connectionDrained(_ connection: Connection) {
        registry.session(for: connection)?.output.drained(connection)
    }

    func handleHTTP(_ request: HTTPRequest) async -> HTTPResponse? {
        await routes.respond(to: request)
    }

    /// Resumes the session named in the hello (when it is the same user's and still kept) or
    /// starts a new one, then sends welcome and the state.
    private func greet(_ connection: Connection, _ hello: ClientMessage.Hello) async {
        let identity: Identity.SignIn
        do {
            let address = ClientAddress.of(connection, trustedProxies: limits.trustedProxies)
            identity = try await Identity(users: context.hub.users, storage: context.hub.storage, now: context.clock.date).resolve(hello) {
                guard try await limits.newUsers.admit(address) else {
                    context.metrics.limitRefused(.newUsers)
                    return false
                }
                return true
            } maySignIn: {
                guard try await limits.signIns.admit(address) else {
                    context.metrics.limitRefused(.signIns)
                    return false
                }
                return true
            }
        } catch {
            registry.abandonHello(connection)
            return refuse(error, on: connection)
        }
        if let resume = hello.resume, let session = registry.resume(resume.session, for: identity.user.id) {
            session.token.hash = identity.tokenHash
            registry.bind(connection, to: session)
            log.info("session.resume", session: session.id, user: session.user.id, ["conn": "\(connection.id)"])
            Task {
                let byPatches = await session.attach(connection, welcome: welcome(session, token: identity.newToken), resumeSeq: resume.seq)
                context.metrics.resumed(byPatches: byPatches)
                session.markReady()
            }
            return
        }
        // Cluster-wide: the sessions other live processes serve count too (their presence rows).
        var elsewhere = 0
        if limits.sessionsPerUser > 0, identity.newList == nil {
            let (presence, userID) = (context.hub.presence, identity.user.id)
            do {
                elsewhere = try await context.hub.storage.run { try presence.sessionsElsewhere(of: userID) }
            } catch {
                // Storage is away: the limit counts this process's sessions only (the hello
                // goes on; writes will say what failed).
                log.warning("limits.sessions_elsewhere_unread", ["user": userID, "error": "\(error)"])
            }
        }
        guard registry.reserveSession(for: identity.user.id, limit: limits.sessionsPerUser, elsewhere: elsewhere) else {
            registry.abandonHello(connection)
            context.metrics.limitRefused(.sessions)
            let limit = LimitReached(kind: .sessions, limit: limits.sessionsPerUser)
            return refuse(ProtocolError(.limitReached, limit.description), on: connection)
        }
        // A session this process does not hold (a restart, a deploy, another process that
        // died) comes back from its saved screen under its own id, with a snapshot.
        var restoring: RestorableState?
        if let resume = hello.resume, identity.newList == nil, registry.isFreeID(resume.session) {
            restoring = await context.saver.saved(session: resume.session, user: identity.user.id)
        }
        let wanted = restoring == nil ? hello.session : hello.resume?.session
        let joined = restoring == nil ? await join(from: hello.route, as: identity.user.id) : nil
        let sessionContext = context
        // A new session reads the user's lists and the active list's stars as its state is
        // built: on the storage queue, like every other blocking read.
        func makeSession(id: String, restoring: RestorableState?) async -> Session {
            let (user, newList, tokenHash) = (identity.user, identity.newList, identity.tokenHash)
            let route = joined == nil ? hello.route ?? "/" : "/"
            let (locale, executor) = (hello.locale.flatMap(AppLocale.init(tag:)) ?? .en, connection.executor)
            let build: @Sendable () -> Session = {
                Session(
                    id: id, route: route, user: user, newList: newList, joined: joined, restoring: restoring,
                    locale: locale, tokenHash: tokenHash, executor: executor, context: sessionContext)
            }
            return await sessionContext.hub.storage.result(of: build)
        }
        var session = await makeSession(id: wanted ?? RandomToken.hex(byteCount: 16), restoring: restoring)
        if !registry.add(session) {
            // Another hello took the id meanwhile: a session of its own, under a new id.
            session = await makeSession(id: RandomToken.hex(byteCount: 16), restoring: nil)
            registry.add(session)
        } else if restoring != nil {
            context.metrics.restored()
        }
        registry.bind(connection, to: session)
        log.info("session.start", session: session.id, user: session.user.id,
                 ["conn": "\(connection.id)", "restored": restoring != nil && session.id == wanted ? "true" : "false"])
        Task {
            await session.start()
            await session.attach(connection, welcome: welcome(session, token: identity.newToken))
            session.markReady()
        }
    }

    /// A hello from a join link (`/join/CODE`) joins before its session is built: the first
    /// snapshot then shows the joined list, and the join costs the new session no effect and
    /// no patches of its own (10,000 people opening one invite at once all come this way). A
    /// join that fails is left to the session's own route, whose screen says why.
    private func join(from route: String?, as userID: String) async -> ListSummary? {
        guard let route, let code = Route.joinCode(from: route) else { return nil }
        do {
            return try await context.hub.join(code: code, user: userID) { _ in }
        } catch {
            // Not lost: the session starts on the link, joins again and shows the refusal.
            return nil
        }
    }

    private func welcome(_ session: Session, token: String?) -> [UInt8] {
        let current = session.currentUser
        let user: JSONValue = ["id": .string(current.id), "name": .string(current.displayName)]
        return ServerMessage.welcome(session: session.id, user: user, token: token).encoded()
    }

    private func refuse(_ error: ProtocolError, on connection: Connection) {
        context.metrics.error(error.code.rawValue)
        let session = registry.session(for: connection)
        log.warning("protocol.error", session: session?.id, user: session?.user.id,
                    ["conn": "\(connection.id)", "code": error.code.rawValue, "message": error.message])
        _ = connection.send(ServerMessage(error).encoded())
    }
}
