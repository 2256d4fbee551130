import Foundation
import Postgres
import PokedexModels
import Storage

/// Users and their bearer tokens in PostgreSQL: `UserStore` for cluster mode.
public struct PostgresUserStore: UserStore {
    let pool: PostgresPool
    let origin: String
    let now: @Sendable () -> Date

    init(pool: PostgresPool, origin: String, now: @escaping @Sendable () -> Date = { Date() }) {
        self.pool = pool
        self.origin = origin
        self.now = now
    }

    public func createUser(displayName: String) async throws -> (user: User, token: String, personalList: FavoritesList) {
        let now = now()
        let new = try NewUser(displayName: displayName, at: now)
        let (user, createdAt) = (new.user, new.createdAt)
        let list = FavoritesList(id: RandomToken.identifier(createdAt: now), name: new.personalListName, ownerID: user.id)
        // One pipelined transaction: a hello storm's new users wait for the server once each.
        _ = try pool.withConnection { connection in
            try connection.pipelinedTransaction([
                PostgresStatement(
                    "INSERT INTO users (id, display_name, created_at) VALUES ($1, $2, $3)",
                    params: [.text(user.id), .text(user.displayName), .double(createdAt)],
                    preparedName: "pokedex_new_user"),
                PostgresStatement(
                    "INSERT INTO tokens (token_hash, user_id, created_at) VALUES ($1, $2, $3)",
                    params: [.text(new.tokenHash), .text(user.id), .double(createdAt)],
                    preparedName: "pokedex_new_token"),
                PostgresStatement(
                    "INSERT INTO favorite_lists (id, name, owner_id, created_at) VALUES ($1, $2, $3, $4)",
                    params: [.text(list.id), .text(list.name), .text(user.id), .double(createdAt)],
                    preparedName: "pokedex_new_list"),
                PostgresStatement(
                    "INSERT INTO memberships (list_id, user_id, role, joined_at) VALUES ($1, $2, 'owner', $3)",
                    params: [.text(list.id), .text(user.id), .double(createdAt)],
                    preparedName: "pokedex_new_owner"),
            ])
        }
        return (user, new.token, list)
    }

    public func user(forToken token: String) throws -> User? {
        try pool.query(
            "SELECT u.id, u.display_name FROM tokens t JOIN users u ON u.id = t.user_id WHERE t.token_hash = $1", params: [.text(RandomToken.storedHash(of: token))]
        ).first.map { try User(postgres: $0) }
    }

    public func user(id: String) throws -> User? {
        try pool.query("SELECT id, display_name FROM users WHERE id = $1", params: [.text(id)]).first.map { try User(postgres: $0) }
    }

    public func rename(userID: String, to displayName: String) throws -> User {
        let name = try DisplayName.validated(displayName)
        return try pool.transaction { connection in
            let changed = try connection.execute(
                "UPDATE users SET display_name = $1 WHERE id = $2", params: [.text(name), .text(userID)]
            ).affectedRows
            guard changed == 1 else { throw FavoritesError.unknownUser }
            try connection.announce(.userRenamed(userID: userID), origin: origin)
            return User(id: userID, displayName: name)
        }
    }
}
