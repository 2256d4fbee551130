import Composable
import Foundation
import PokeAPI
import PokemonClient
import Storage
import WebSocketServer

/// The Pokédex server: a libwebsockets server whose every websocket session runs its own
/// Store of `AppFeature`.
public final class PokedexServer: Sendable {
    public let options: ServerOptions
    private let server: WebSocketServer
    private let metrics = ServerMetricsRecorder()

    public init(options: ServerOptions) throws {
        self.options = options
        let client = try Self.pokemonClient(options)
        let metrics = self.metrics
        let log: @Sendable (String) -> Void = { line in FileHandle.standardError.write(Data((line + "\n").utf8)) }
        var configuration = ServerConfiguration()
        configuration.host = options.host
        configuration.port = options.port
        configuration.staticRoot = URL(fileURLWithPath: options.webRoot).standardizedFileURL.path
        configuration.allowedOrigins = options.allowedOrigins
        configuration.maxMessageBytes = options.maxMessageBytes
        configuration.logger = log
        let registry = SessionRegistry(grace: .seconds(options.graceSeconds), metrics: metrics)
        let connections = ConnectionCount()
        let routes = HTTPRoutes(metrics: metrics, connections: { connections.value }, sprite: SpriteResponses.placeholder)
        let handler = PokedexHandler(
            registry: registry, metrics: metrics, routes: routes,
            dependencies: { $0.pokemonClient = client }, log: log
        )
        server = WebSocketServer(configuration: configuration, handler: handler)
        connections.server = server
    }

    /// Starts listening; returns once the port is bound.
    public func start() throws {
        try server.start()
    }

    /// The bound port (useful with `--port 0`).
    public var port: Int { server.port }

    /// Drains: stops accepting, closes every session with 1001, and returns.
    public func shutdown() {
        server.shutdown()
    }

    private static func pokemonClient(_ options: ServerOptions) throws -> PokemonClient {
        if let directory = options.catalogCSV {
            return .catalog(try Catalog.load(csvDirectory: directory))
        }
        if let baseURL = options.pokeAPI {
            let database = try Database(path: options.database, migrations: StorageSchema.migrations)
            return .live(baseURL: baseURL, http: try HTTPClient(), cache: ResponseCache(database: database))
        }
        return .embeddedCatalog
    }
}

/// Reads the transport's connection count for `/metrics`, set once the server exists.
final class ConnectionCount: @unchecked Sendable {
    // Written once in PokedexServer.init before the server starts; read afterwards.
    var server: WebSocketServer?
    var value: Int { server?.metrics.openConnections ?? 0 }
}
