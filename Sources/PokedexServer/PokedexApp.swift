import Foundation
import WebSocketServer

/// The application above the transport: the favorites hub, the sessions and their saver, and
/// the handler that binds connections to sessions and answers HTTP. `PokedexServer` puts it on
/// libwebsockets; `InProcessServer` on an in-process transport, for tests without sockets.
final class PokedexApp: Sendable {
    let environment: ServerEnvironment
    let hub: FavoritesHub
    let registry: SessionRegistry
    let saver: SessionSaver
    let handler: PokedexHandler
    /// Set when shutdown starts: `/healthz` answers 503 from then on.
    let draining = DrainingFlag()
    /// Cluster mode: whether PostgreSQL answers, probed in the background.
    let storageHealth: StorageHealth?

    init(
        options: ServerOptions, environment: ServerEnvironment, connections: @escaping @Sendable () -> Int,
        publicURL: @escaping @Sendable () -> String
    ) {
        self.environment = environment
        let backend = environment.backend
        let sources = environment.sources
        let metrics = ServerMetricsRecorder()
        let hub = FavoritesHub(
            users: backend.users, lists: backend.lists, presence: backend.presence, process: backend.origin,
            quota: FavoritesQuota(options.limits) { metrics.limitRefused($0) },
            // Cluster mode's calls block on PostgreSQL: threads of their own (StorageQueue).
            storage: backend.cluster == nil ? StorageQueue() : StorageQueue(threads: 48),
            clock: environment.clock, log: environment.log
        )
        self.hub = hub
        saver = SessionSaver(store: backend.sessions, storage: hub.storage, clock: environment.clock) { [log = environment.log] error in
            log.warning("session.saved_unread", ["error": "\(error)"])
        }
        let limits = ServerLimits(options.limits, clock: environment.clock, shared: backend.rateLimits, storage: hub.storage)
        let context = SessionContext(
            pokemonClient: sources.pokemonClient, hub: hub,
            projection: ClientState(row: sources.row, publicURL: publicURL),
            metrics: metrics, saver: saver, clock: environment.clock, limits: limits,
            recordings: RecordingSettings(options: options), consentRecordings: ConsentRecordings(settings: RecordingSettings(onConsent: options)),
            log: environment.log
        )
        let registry = SessionRegistry(grace: .seconds(options.graceSeconds), metrics: metrics, hub: hub, clock: environment.clock)
        self.registry = registry
        context.consentRecordings?.findSessions { [weak registry] id in registry?.session(id: id) }
        hub.accountEvents.listen { [weak registry, users = backend.users] event in
            guard let registry else { return }
            switch event {
            case let .userRenamed(userID):
                let sessions = registry.sessions(ofUser: userID)
                guard !sessions.isEmpty, let user = hub.reading("user", of: userID, { try users.user(id: userID) }) ?? nil else { return }
                for session in sessions { session.renamed(user) }
            case let .signedOut(userID, tokenHash):
                registry.end(registry.sessions(ofUser: userID).filter { tokenHash == nil || $0.token.hash == tokenHash })
            default:
                break
            }
        }
        let sprites = sources.sprite
        // Cluster mode probes PostgreSQL from a thread of its own (`StorageHealth`); SQLite's
        // probe is a local read, answered at once.
        let storageHealth = backend.cluster == nil ? nil : StorageHealth(clock: environment.clock) { try backend.probe() }
        self.storageHealth = storageHealth
        let health = HealthCheck(
            isDraining: { [draining] in draining.isSet },
            probeStorage: {
                guard let storageHealth else { return try backend.probe() }
                if let problem = storageHealth.problem() { throw StorageProblem(description: problem) }
            }
        )
        let debug = options.debug
            ? DebugRoutes(registry: registry, token: options.debugToken, recordingDirectory: RecordingSettings(onConsent: options).directory)
            : nil
        let routes = HTTPRoutes(metrics: metrics, health: health, connections: connections, debug: debug) { id in
            let sprite = await sprites(id)
            return HTTPResponse(
                contentType: sprite.contentType,
                headers: ["cache-control": sprite.isPlaceholder ? "public, max-age=300" : "public, max-age=86400"],
                body: sprite.bytes
            )
        }
        handler = PokedexHandler(registry: registry, context: context, routes: routes,
                                 limits: limits, log: environment.log)
    }

    /// Ends every session and saves what each showed, for the browsers that resume on the
    /// next process.
    func shutDown() async {
        draining.set()
        storageHealth?.stop()
        await registry.removeAll()
        await saver.flush()
    }
}

/// Why storage is not answering, as the background probe last found.
struct StorageProblem: Error, CustomStringConvertible {
    let description: String
}
