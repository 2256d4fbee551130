import Composable
import Foundation
import StateSync
import WebSocketServer

/// The app on top of the transport: binds websocket connections to sessions, feeds their
/// actions to the sessions' Stores, and serves the app's HTTP routes.
final class PokedexHandler: WebSocketHandler {
    let registry: SessionRegistry
    let metrics: ServerMetricsRecorder
    let dependencies: @Sendable (inout DependencyValues) -> Void
    let routes: HTTPRoutes
    let log: @Sendable (String) -> Void

    init(
        registry: SessionRegistry, metrics: ServerMetricsRecorder, routes: HTTPRoutes,
        dependencies: @escaping @Sendable (inout DependencyValues) -> Void, log: @escaping @Sendable (String) -> Void
    ) {
        self.registry = registry
        self.metrics = metrics
        self.routes = routes
        self.dependencies = dependencies
        self.log = log
    }

    func connectionOpened(_ connection: Connection) {}

    func connection(_ connection: Connection, didReceiveText text: [UInt8]) {
        let message: ClientMessage
        do {
            message = try ClientMessage.parse(text)
        } catch {
            refuse(error, on: connection)
            return
        }
        switch message {
        case let .hello(hello):
            guard registry.session(for: connection) == nil else {
                return refuse(ProtocolError(.badMessage, "This connection already said hello."), on: connection)
            }
            guard hello.version == ClientMessage.protocolVersion else {
                return refuse(ProtocolError(.version, "Protocol version \(hello.version) is not supported; this server speaks \(ClientMessage.protocolVersion)."), on: connection)
            }
            greet(connection, hello)
        case let .action(ref, action):
            guard let session = registry.session(for: connection) else {
                return refuse(ProtocolError(.notHello, "Send hello before any action.", ref: ref), on: connection)
            }
            session.enqueue(action, ref: ref)
        }
    }

    func connectionClosed(_ connection: Connection, code: UInt16) {
        registry.unbind(connection)
    }

    func connectionDrained(_ connection: Connection) {
        registry.session(for: connection)?.output.drained(connection)
    }

    func handleHTTP(_ request: HTTPRequest) async -> HTTPResponse? {
        await routes.respond(to: request)
    }

    /// Binds the connection to a resumed or a new session at once (so actions that follow the
    /// hello find it), then sends welcome and the state off the transport's thread.
    private func greet(_ connection: Connection, _ hello: ClientMessage.Hello) {
        if let resume = hello.resume, let session = registry.resumable(resume.session) {
            registry.bind(connection, to: session)
            Task {
                let state = await session.currentClientState()
                let byPatches = session.output.attach(connection, welcome: welcome(session), resumeSeq: resume.seq, state: state)
                metrics.resumed(byPatches: byPatches)
                session.markReady()
            }
            return
        }
        let session = Session(id: Self.newSessionID(), route: hello.route ?? "/", dependencies: dependencies, metrics: metrics)
        registry.add(session)
        registry.bind(connection, to: session)
        Task {
            let state = await session.currentClientState()
            session.output.attach(connection, welcome: welcome(session), resumeSeq: nil, state: state)
            await session.start()
            session.markReady()
        }
    }

    private func welcome(_ session: Session) -> [UInt8] {
        ServerMessage.welcome(session: session.id, user: nil, token: nil).encoded()
    }

    private func refuse(_ error: ProtocolError, on connection: Connection) {
        metrics.error(error.code.rawValue)
        log("error \(error.code.rawValue) on connection \(connection.id): \(error.message)")
        _ = connection.send(ServerMessage(error).encoded())
    }

    private static func newSessionID() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<16).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &generator)) }.joined()
    }
}
