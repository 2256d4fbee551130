import Foundation
import Postgres
import PokedexModels
import Storage

/// Users and their bearer tokens in PostgreSQL: `UserStore` for cluster mode.
public struct PostgresUserStore: UserStore {
    let pool: PostgresPool
    let origin: String
    let now: @Sendable () -> Date
    private let newUsers: WriteBatcher<NewUserStatement.Item, Void>

    init(pool: PostgresPool, origin: String, now: @escaping @Sendable () -> Date = { Date() }) {
        self.pool = pool
        self.origin = origin
        self.now = now
        newUsers = WriteBatcher(pool: pool, maxBatches: 1, write: NewUserStatement.write)
    }

    public func createUser(displayName: String) async throws -> (user: User, token: String, personalList: FavoritesList) {
        let now = now()
        let new = try NewUser(displayName: displayName, at: now)
        let list = FavoritesList(id: RandomToken.identifier(createdAt: now), name: new.personalListName, ownerID: new.user.id)
        // Queued for the next batch: no thread waits for the commit.
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            newUsers.submit(NewUserStatement.Item(new: new, list: list)) { continuation.resume(with: $0) }
        }
        return (new.user, new.token, list)
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
