import Foundation
import PokedexModels

/// Users and their bearer tokens. Needs a `Database` opened with `StorageSchema.migrations`.
public struct UserRepository: UserStore {
    let database: Database
    private let now: @Sendable () -> Date

    public init(database: Database, now: @escaping @Sendable () -> Date = { Date() }) {
        self.database = database
        self.now = now
    }

    /// Creates a user with a fresh token and their personal list "Favorites",
    /// owned by them and empty (returned, so callers need not read it back). The token is
    /// returned once and stored only as its SHA-256. Users arriving together share a commit.
    public func createUser(displayName: String) async throws -> (user: User, token: String, personalList: FavoritesList) {
        let new = try NewUser(displayName: displayName, at: now())
        let list = try await database.batchedTransaction { connection in
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

    /// The user holding `token`, or nil for a token nobody holds.
    public func user(forToken token: String) throws -> User? {
        try database.query(
            "SELECT u.id, u.display_name FROM tokens t JOIN users u ON u.id = t.user_id WHERE t.token_hash = ?",
            [.text(RandomToken.storedHash(of: token))]
        ).first.map { try User(row: $0) }
    }

    public func user(id: String) throws -> User? {
        try database.query("SELECT id, display_name FROM users WHERE id = ?", [.text(id)]).first.map { try User(row: $0) }
    }

    /// Sets the user's display name (validated as `DisplayName.validated`). The personal
    /// list keeps the name it was created with: lists are renamed on their own.
    public func rename(userID: String, to displayName: String) throws -> User {
        let name = try DisplayName.validated(displayName)
        let changed = try database.run("UPDATE users SET display_name = ? WHERE id = ?", [.text(name), .text(userID)])
        guard changed == 1 else { throw FavoritesError.unknownUser }
        return User(id: userID, displayName: name)
    }
}
