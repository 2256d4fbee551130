import Foundation
import Postgres
import Storage

/// Group commit of stars in cluster mode. A transaction that NOTIFYs takes a database-wide lock
/// at commit and holds it until its commit record is flushed (so notifications arrive in commit
/// order), which serialises every announcing commit of every process: one star per commit
/// caps the whole cluster at one WAL flush per star. So stars that arrive together share one
/// transaction and one flush: a caller whose star finds a batch slot free takes every star
/// queued so far (its own among them) and commits them; the others wait for their batch's
/// result. Each caller still returns only after its star is durable, as before.
final class FavoriteBatcher: @unchecked Sendable {
    struct Star: Sendable {
        var listID: String
        var pokemonID: Int
        var isFavorite: Bool
        var userID: String
    }

    typealias Write = @Sendable (PostgresConnection, Star) throws -> FavoriteChange?

    private final class Pending {
        let star: Star
        var result: Result<FavoriteChange?, any Error>?
        init(_ star: Star) { self.star = star }
    }

    private let pool: PostgresPool
    private let maxBatches: Int
    private let write: Write
    /// Guards `queue` and `running`, and wakes waiting callers when a batch ends.
    private let condition = NSCondition()
    private var queue: [Pending] = []
    private var running = 0

    /// `maxBatches` transactions at once at most: the pool's other connections stay free for
    /// hellos, snapshots and saves.
    init(pool: PostgresPool, maxBatches: Int, write: @escaping Write) {
        self.pool = pool
        self.maxBatches = max(1, maxBatches)
        self.write = write
    }

    /// Commits `star` in the next batch and returns its change (nil: nothing changed).
    func submit(_ star: Star) throws -> FavoriteChange? {
        let pending = Pending(star)
        condition.lock()
        queue.append(pending)
        while pending.result == nil {
            if running < maxBatches, !queue.isEmpty {
                let batch = queue
                queue = []
                running += 1
                condition.unlock()
                let results = commit(batch.map(\.star))
                condition.lock()
                for (waiting, result) in zip(batch, results) { waiting.result = result }
                running -= 1
                condition.broadcast()
            } else {
                condition.wait()
            }
        }
        condition.unlock()
        return try pending.result!.get()
    }

    /// One transaction for the batch. Stars go in list order (stable, so a list's own stars
    /// keep theirs): every batch then takes list rows in one order, and two batches of two
    /// processes cannot deadlock on them. A refusal (not a member, a viewer) writes nothing and
    /// fails its star alone; a database error aborts the transaction, and then each star is
    /// retried in a transaction of its own, so one bad star cannot fail its neighbours.
    func commit(_ stars: [Star]) -> [Result<FavoriteChange?, any Error>] {
        if stars.count == 1 { return [Result { try pool.transaction { try write($0, stars[0]) } }] }
        let order = stars.indices.sorted { (stars[$0].listID, $0) < (stars[$1].listID, $1) }
        var results = [Result<FavoriteChange?, any Error>](repeating: .success(nil), count: stars.count)
        do {
            try pool.transaction { connection in
                for index in order {
                    do {
                        results[index] = .success(try write(connection, stars[index]))
                    } catch let refusal as FavoritesError {
                        results[index] = .failure(refusal)
                    }
                }
            }
            return results
        } catch {
            return stars.map { star in Result { try pool.transaction { try write($0, star) } } }
        }
    }
}
