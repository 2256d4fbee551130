import Foundation
import Postgres
import PostgresStorage
import Storage

/// The databases a server runs on, chosen by `--db`: a SQLite file (the embedded default,
/// nothing to install), or PostgreSQL (`postgresql://…`), which several server processes
/// share in cluster mode.
struct StorageBackend: Sendable {
    let users: any UserStore
    let lists: any ListStore
    let sessions: any SessionStore
    /// Who is online in other processes (cluster mode only).
    let presence: (any PresenceStore)?
    /// The local SQLite file for what is this process's own (the PokeAPI response cache).
    let local: Database
    /// Names this process in the change feed, so it skips the notices of its own writes.
    let origin: String
    /// Cluster mode's shared database, whose feed brings the other processes' writes.
    let cluster: PostgresStorage?
    /// Rates every process counts together (cluster mode); nil keeps them in memory.
    var rateLimits: (any RateLimitStore)? = nil

    /// A cheap read through storage's read path, for `/healthz`; throws when storage fails.
    func probe() throws {
        if let cluster { try cluster.ping() } else { _ = try local.query("SELECT 1") }
    }

    static func isPostgres(_ database: String) -> Bool {
        database.hasPrefix("postgresql://") || database.hasPrefix("postgres://")
    }

    static func open(_ options: ServerOptions) throws -> StorageBackend {
        isPostgres(options.database) ? try postgres(options) : try sqlite(options)
    }

    private static func sqlite(_ options: ServerOptions) throws -> StorageBackend {
        let database = try openSQLite(options.database, options)
        return StorageBackend(
            users: SQLiteUserStore(database: database), lists: SQLiteListStore(database: database),
            sessions: SQLiteSessionStore(database: database), presence: nil, local: database,
            origin: RandomToken.hex(byteCount: 8), cluster: nil
        )
    }

    private static func postgres(_ options: ServerOptions) throws -> StorageBackend {
        let origin = RandomToken.hex(byteCount: 8)
        let cluster: PostgresStorage
        do {
            cluster = try PostgresStorage(url: options.database, origin: origin)
        } catch let error as PostgresError {
            throw StorageBackendError(message: "Could not open \(redacted(options.database)): \(error.message)")
        }
        // Each process keeps its own response cache (several processes on a machine each
        // get a file of their own, by port).
        let local = try openSQLite(options.cacheDatabase ?? "data/cache-\(options.port).sqlite", options)
        return StorageBackend(
            users: cluster.users, lists: cluster.lists, sessions: cluster.sessions, presence: cluster.presence,
            local: local, origin: origin, cluster: cluster, rateLimits: cluster.rateLimits
        )
    }

    private static func openSQLite(_ path: String, _ options: ServerOptions) throws -> Database {
        try Database(
            path: path, synchronous: options.durability,
            busyTimeout: .milliseconds(options.busyTimeoutMilliseconds), migrations: StorageSchema.migrations
        )
    }

    /// The URL without its password, for messages.
    static func redacted(_ url: String) -> String {
        guard let components = URLComponents(string: url), components.password != nil else { return url }
        var copy = components
        copy.password = "***"
        return copy.string ?? url
    }
}

struct StorageBackendError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
