import Foundation
import Postgres
import PokedexModels
import Storage

/// Favorites lists, members, invites and favorites in PostgreSQL: `ListStore` for cluster
/// mode (`SQLListStore` holds the queries both databases share, each write announcing what it
/// committed in its own transaction); here, stars and joins queued for shared commits
/// (`WriteBatcher`), each one statement.
public struct PostgresListStore: SQLListStore {
    public let executor: PostgresExecutor
    public let now: @Sendable () -> Date
    private let stars: FavoriteBatcher
    private let joins: WriteBatcher<JoinStatement.Join, ListSummary>

    init(pool: PostgresPool, origin: String, now: @escaping @Sendable () -> Date = { Date() }) {
        executor = PostgresExecutor(pool: pool, origin: origin)
        self.now = now
        // Two batches at once: while one commits (the flush, under PostgreSQL's NOTIFY lock)
        // the next runs its statements; more would only wait for the same list rows.
        stars = FavoriteBatcher(pool: pool, maxBatches: min(2, pool.size), write: StarStatement.write(origin: origin, now: now))
        joins = WriteBatcher(pool: pool, maxBatches: 1, write: JoinStatement.write(origin: origin, now: now))
    }

    public func setFavorite(list listID: String, pokemonID: Int, isFavorite: Bool, by userID: String, key: String?) throws -> FavoriteChange? {
        guard pokemonID > 0 else { throw FavoritesError.invalidPokemonID }
        return try stars.submit(.init(listID: listID, pokemonID: pokemonID, isFavorite: isFavorite, userID: userID, key: key))
    }

    /// Queues the star for the next batch and returns; `completion` runs on the batch's thread.
    public func setFavorite(
        list listID: String, pokemonID: Int, isFavorite: Bool, by userID: String, key: String?,
        completion: @escaping @Sendable (Result<FavoriteChange?, any Error>) -> Void
    ) {
        guard pokemonID > 0 else { return completion(.failure(FavoritesError.invalidPokemonID)) }
        stars.submit(.init(listID: listID, pokemonID: pokemonID, isFavorite: isFavorite, userID: userID, key: key), completion: completion)
    }

    public var settlesFavoritesLater: Bool { true }

    /// The batches' own statement, naming the reverted event. A change is announced by the
    /// statement; an undo that changed nothing still added to the log, which other processes show.
    public func writeUndo(_ undone: UndoneStar, list listID: String, by userID: String, on connection: PostgresStoreConnection) throws -> FavoriteChange? {
        let star = FavoriteStar(listID: listID, pokemonID: undone.pokemonID, isFavorite: undone.isFavorite, userID: userID, undoes: undone.eventID)
        let statement = StarStatement.statement(for: star, origin: executor.origin, at: now())
        let change = try StarStatement.outcome(try connection.connection.execute(statement.sql, params: statement.params), of: star)
        if change == nil { try connection.announce(.activityChanged(listID: listID)) }
        return change
    }

    public func acceptInvite(code: String, user userID: String) throws -> ListSummary {
        try joins.submit(JoinStatement.Join(code: code, userID: userID))
    }

    /// Queues the join for the next batch and returns; `completion` runs on the batch's thread.
    public func acceptInvite(code: String, user userID: String, completion: @escaping @Sendable (Result<ListSummary, any Error>) -> Void) {
        joins.submit(JoinStatement.Join(code: code, userID: userID), completion: completion)
    }
}
