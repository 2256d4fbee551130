import Foundation
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

    /// A cheap read through storage's read path, for `/healthz`; throws when storage fails.
    func probe() throws {
        _ = try local.query("SELECT 1")
    }

    static func sqlite(_ options: ServerOptions) throws -> StorageBackend {
        let database = try Database(
            path: options.database, synchronous: options.durability,
            busyTimeout: .milliseconds(options.busyTimeoutMilliseconds), migrations: StorageSchema.migrations
        )
        return StorageBackend(
            users: UserRepository(database: database), lists: FavoritesRepository(database: database),
            sessions: SessionRepository(database: database), presence: nil, local: database,
            origin: RandomToken.hex(byteCount: 8)
        )
    }
}
