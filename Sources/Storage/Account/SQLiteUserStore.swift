import Foundation
import PokedexModels

/// Users and their bearer tokens in SQLite (`SQLUserStore` holds the queries both databases
/// share). Needs a `Database` opened with `StorageSchema.migrations`.
public struct SQLiteUserStore: SQLUserStore {
    public let executor: SQLiteExecutor
    private let now: @Sendable () -> Date

    public init(database: Database, now: @escaping @Sendable () -> Date = { Date() }) {
        executor = SQLiteExecutor(database: database)
        self.now = now
    }

    /// Creates a user with a fresh token and their personal list "Favorites",
    /// owned by them and empty (returned, so callers need not read it back). The token is
    /// returned once and stored only as its SHA-256. Users arriving together share a commit.
    public func createUser(displayName: String) async throws -> (user: User, token: String, personalList: FavoritesList) {
        let new = try NewUser(displayName: displayName, at: now())
        let list = try await executor.database.batchedTransaction { connection in
            let connection = SQLiteStoreConnection(connection: connection)
            try connection.run(
                "INSERT INTO users (id, display_name, token_hash, created_at) VALUES (?, ?, ?, ?)",
                [.text(new.user.id), .text(new.user.displayName), .text(new.tokenHash), .real(new.createdAt)]
            )
            try connection.run(
                "INSERT INTO tokens (token_hash, user_id, created_at) VALUES (?, ?, ?)",
                [.text(new.tokenHash), .text(new.user.id), .real(new.createdAt)]
            )
            return try connection.insertList(named: new.personalListName, ownerID: new.user.id, at: new.createdAt)
        }
        return (new.user, new.token, list)
    }
}
