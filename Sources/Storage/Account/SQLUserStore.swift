import Foundation
import PokedexModels

/// `UserStore` written once for both databases over an `SQLExecutor`; a backend adds how it
/// creates users (both share commits among users arriving together, each its own way).
public protocol SQLUserStore: UserStore {
    associatedtype Executor: SQLExecutor
    var executor: Executor { get }
}

extension SQLUserStore {
    /// The user holding `token`, or nil for a token nobody holds.
    public func user(forToken token: String) throws -> User? {
        try executor.query(
            "SELECT u.id, u.display_name FROM tokens t JOIN users u ON u.id = t.user_id WHERE t.token_hash = ?",
            [.text(RandomToken.storedHash(of: token))]
        ).first.map { try User(row: $0) }
    }

    public func user(id: String) throws -> User? {
        try executor.query("SELECT id, display_name FROM users WHERE id = ?", [.text(id)]).first.map { try User(row: $0) }
    }

    /// Sets the user's display name (validated as `DisplayName.validated`). The personal
    /// list keeps the name it was created with: lists are renamed on their own.
    public func rename(userID: String, to displayName: String) throws -> User {
        let name = try DisplayName.validated(displayName)
        return try executor.transaction { connection in
            let changed = try connection.run("UPDATE users SET display_name = ? WHERE id = ?", [.text(name), .text(userID)])
            guard changed == 1 else { throw FavoritesError.unknownUser }
            try connection.announce(.userRenamed(userID: userID))
            return User(id: userID, displayName: name)
        }
    }
}
