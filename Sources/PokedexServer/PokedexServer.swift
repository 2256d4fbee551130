import Composable
import Foundation
import Logging
import Postgres
import PokeAPI
import PokedexModels
import PokemonClient
import Storage
import Synchronization
import WebSocketServer

/// The Pokédex server: a libwebsockets server whose every websocket session runs its own
/// Store of `AppFeature`, with favorites shared through SQLite.
public final class PokedexServer: Sendable {
    public let options: ServerOptions
    private let server: WebSocketServer
    private let app: PokedexApp
    /// Internal for tests (`--durability` is read back from it).
    var backend: StorageBackend { app.environment.backend }
    /// The SQLite file (of favorites, or in cluster mode of the response cache only).
    var database: Database { backend.local }
    /// Cluster mode: the feed of other processes' writes, and the presence heartbeat.
    private let clusterFeed = Mutex<(listener: PostgresListener?, heartbeat: Task<Void, Never>?)>((nil, nil))

    /// Where the server's events go: one line each on standard error (`--log-format`).
    let log: Logger

    public convenience init(options: ServerOptions) throws {
        try self.init(options: options, environment: .live(options))
    }

    /// Tests pass an environment of their own (a hand-stepped clock, …).
    init(options: ServerOptions, environment: ServerEnvironment) throws {
        self.options = options
        log = environment.log
        let connections = ConnectionCount()
        app = PokedexApp(options: options, environment: environment, connections: { connections.value }) {
            options.publicURL ?? "http://\(options.host):\(connections.port)"
        }
        var configuration = ServerConfiguration()
        configuration.host = options.host
        configuration.port = options.port
        configuration.staticRoot = URL(fileURLWithPath: options.webRoot).standardizedFileURL.path
        configuration.allowedOrigins = options.allowedOrigins
        configuration.maxMessageBytes = options.maxMessageBytes
        configuration.serviceThreads = options.serviceThreads
        configuration.spreadAbovePercent = options.spreadAbovePercent
        configuration.logger = environment.log
        configuration.defaultHeaders = SecurityHeaders.all
        server = WebSocketServer(configuration: configuration, handler: app.handler)
        connections.server = server
    }

    /// Starts listening; returns once the port is bound.
    public func start() throws {
        if let cluster = backend.cluster {
            // Listening before serving: no write committed after a session loaded a list can
            // pass this process by.
            let hub = app.hub
            let listener = try cluster.listen(reconnected: { hub.feedReconnected() }) { event in hub.applyFromFeed(event) }
            let heartbeat = Task.detached { await hub.presence.run() }
            app.storageHealth?.start()
            clusterFeed.withLock { $0 = (listener, heartbeat) }
        }
        try server.start()
    }

    /// The first step of shutdown: from here on `/healthz` reports the server as not ready.
    func beginDraining() {
        app.draining.set()
    }

    /// The bound port (useful with `--port 0`).
    public var port: Int { server.port }

    /// Drains: stops accepting, closes every session with 1001, ends every Store, and returns.
    public func shutdown() async {
        beginDraining()
        server.shutdown()
        let feed = clusterFeed.withLock { feed in defer { feed = (nil, nil) }; return feed }
        feed.heartbeat?.cancel()
        feed.listener?.stop()
        await app.shutDown()
    }
}

/// Whether shutdown has started (read by `/healthz` on any thread).
final class DrainingFlag: Sendable {
    private let value = Atomic<Bool>(false)
    var isSet: Bool { value.load(ordering: .relaxed) }
    func set() { value.store(true, ordering: .relaxed) }
}

/// Reads the transport's connection count for `/metrics`, set once the server exists.
final class ConnectionCount: @unchecked Sendable {
    // Written once in PokedexServer.init before the server starts; read afterwards.
    var server: WebSocketServer?
    var value: Int { server?.metrics.openConnections ?? 0 }
    var port: Int { server?.port ?? 0 }
}
