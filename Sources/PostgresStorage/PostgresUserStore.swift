import Foundation
import Postgres
import PokedexModels
import Storage

/// Users and their bearer tokens in PostgreSQL: `UserStore` for cluster mode (`SQLUserStore`
/// holds the queries both databases share); here, new users written in shared commits.
public struct PostgresUserStore: SQLUserStore {
    public let executor: PostgresExecutor
    let now: @Sendable () -> Date
    private let newUsers: WriteBatcher<NewUserStatement.Item, Void>

    init(pool: PostgresPool, origin: String, now: @escaping @Sendable () -> Date = { Date() }) {
        executor = PostgresExecutor(pool: pool, origin: origin)
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
}
