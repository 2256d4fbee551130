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
    private let registry: SessionRegistry
    private let saver: SessionSaver
    /// Internal for tests (`--durability` is read back from it).
    let backend: StorageBackend
    /// Set when shutdown starts: `/healthz` answers 503 from then on.
    private let draining = DrainingFlag()
    /// The SQLite file (of favorites, or in cluster mode of the response cache only).
    var database: Database { backend.local }
    private let hub: FavoritesHub
    /// Cluster mode: the feed of other processes' writes, and the presence heartbeat.
    private let clusterFeed = Mutex<(listener: PostgresListener?, heartbeat: Task<Void, Never>?)>((nil, nil))

    /// Where the server's events go: one line each on standard error (`--log-format`).
    let log: Logger

    public convenience init(options: ServerOptions) throws {
        try self.init(options: options, clock: .continuous)
    }

    /// `clock` drives the rate limits (tests step it by hand); `logger` replaces the one on
    /// standard error (tests read the lines).
    init(options: ServerOptions, clock: LimitClock, logger: Logger? = nil) throws {
        self.options = options
        let log = logger ?? Logger(format: options.logFormat)
        self.log = log
        let backend = try StorageBackend.open(options)
        self.backend = backend
        let sources = try DataSources(options: options, database: backend.local)
        let metrics = ServerMetricsRecorder()
        let connections = ConnectionCount()
        let hub = FavoritesHub(
            users: backend.users, lists: backend.lists, presence: backend.presence, process: backend.origin,
            quota: FavoritesQuota(options.limits) { metrics.limitRefused($0) },
            // Cluster mode's calls block on PostgreSQL: threads of their own (StorageQueue).
            storage: backend.cluster == nil ? StorageQueue() : StorageQueue(threads: 48)
        )
        self.hub = hub
        saver = SessionSaver(store: backend.sessions, storage: hub.storage)
        let context = SessionContext(
            pokemonClient: sources.pokemonClient, hub: hub,
            projection: ClientState(row: sources.row, publicURL: { options.publicURL ?? "http://\(options.host):\(connections.port)" }),
            metrics: metrics, saver: saver, keepsActionLogs: options.debug
        )
        var configuration = ServerConfiguration()
        configuration.host = options.host
        configuration.port = options.port
        configuration.staticRoot = URL(fileURLWithPath: options.webRoot).standardizedFileURL.path
        configuration.allowedOrigins = options.allowedOrigins
        configuration.maxMessageBytes = options.maxMessageBytes
        configuration.serviceThreads = options.serviceThreads
        configuration.logger = log
        configuration.defaultHeaders = SecurityHeaders.all
        registry = SessionRegistry(grace: .seconds(options.graceSeconds), metrics: metrics, hub: hub)
        let sprites = sources.sprite
        let health = HealthCheck(
            isDraining: { [draining] in draining.isSet },
            probeStorage: { [backend] in try backend.probe() }
        )
        let debug = options.debug ? DebugRoutes(registry: registry, token: options.debugToken) : nil
        let routes = HTTPRoutes(metrics: metrics, health: health, connections: { connections.value }, debug: debug) { id in
            let sprite = await sprites(id)
            return HTTPResponse(
                contentType: sprite.contentType,
                headers: ["cache-control": sprite.isPlaceholder ? "public, max-age=300" : "public, max-age=86400"],
                body: sprite.bytes
            )
        }
        let handler = PokedexHandler(registry: registry, context: context, routes: routes,
                                     limits: ServerLimits(options.limits, clock: clock), log: log)
        server = WebSocketServer(configuration: configuration, handler: handler)
        connections.server = server
    }

    /// Starts listening; returns once the port is bound.
    public func start() throws {
        if let cluster = backend.cluster {
            // Listening before serving: no write committed after a session loaded a list can
            // pass this process by.
            let hub = self.hub
            let listener = try cluster.listen(reconnected: { hub.feedReconnected() }) { event in hub.applyFromFeed(event) }
            let heartbeat = Task.detached { await hub.presence.run() }
            clusterFeed.withLock { $0 = (listener, heartbeat) }
        }
        try server.start()
    }

    /// The first step of shutdown: from here on `/healthz` reports the server as not ready.
    func beginDraining() {
        draining.set()
    }

    /// The bound port (useful with `--port 0`).
    public var port: Int { server.port }

    /// Drains: stops accepting, closes every session with 1001, ends every Store, and returns.
    public func shutdown() async {
        beginDraining()
        server.shutdown()
        await registry.removeAll()
        let feed = clusterFeed.withLock { feed in defer { feed = (nil, nil) }; return feed }
        feed.heartbeat?.cancel()
        feed.listener?.stop()
        // What every session showed, for the browsers that resume on the next process.
        await saver.flush()
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
