import Foundation
import Postgres
import Storage
import Synchronization

/// Group commit of stars in cluster mode. A transaction that NOTIFYs takes a database-wide lock
/// at commit and holds it until its commit record is flushed (so notifications arrive in commit
/// order), which serialises every announcing commit of every process: one star per commit
/// caps the whole cluster at one WAL flush per star. So stars that arrive together share one
/// transaction and one flush: stars queue, and up to `maxBatches` committers each take every
/// star queued so far and commit them together. A star's completion runs only once it is
/// durable (or refused), as before.
///
/// A batch is one pipelined transaction (`PostgresConnection.pipelinedTransaction`): its
/// statements, prepared once per connection, wait for the network once, not once each, and the
/// batch holds its lists' rows (and so every other batch touching them) only that long.
///
/// No thread waits per star: a committer is a thread of the batcher's own that runs while stars
/// are queued. (With a blocked thread per star, the stars in flight, and so the throughput,
/// were capped by the number of threads, whatever the database could take.)
final class FavoriteBatcher: @unchecked Sendable {
    struct Star: Sendable {
        var listID: String
        var pokemonID: Int
        var isFavorite: Bool
        var userID: String
    }

    typealias Outcome = Result<FavoriteChange?, any Error>

    /// How a star is written: its statement, and how its result reads (the change; nil when
    /// nothing changed; a `FavoritesError` for a refusal, which must have written nothing).
    struct Write: Sendable {
        var statement: @Sendable (Star) -> PostgresStatement
        var outcome: @Sendable (PostgresResult, Star) throws -> FavoriteChange?
    }

    /// The most stars one transaction takes: a pipeline's answers are read only once all of it
    /// is sent, so it stays well within a socket buffer.
    static let maxBatchSize = 256

    private struct Pending {
        let star: Star
        let completion: @Sendable (Outcome) -> Void
    }

    private let pool: PostgresPool
    private let maxBatches: Int
    private let write: Write
    /// Guards `queue` and `running`.
    private let lock = NSLock()
    private var queue: [Pending] = []
    /// Committer threads running.
    private var running = 0

    /// `maxBatches` transactions at once at most: the pool's other connections stay free for
    /// hellos, snapshots and saves.
    init(pool: PostgresPool, maxBatches: Int, write: Write) {
        self.pool = pool
        self.maxBatches = max(1, maxBatches)
        self.write = write
    }

    /// Queues `star` for the next batch and returns at once; `completion` gets its outcome (the
    /// change, nil when nothing changed, or the error) on a committer's thread.
    func submit(_ star: Star, completion: @escaping @Sendable (Outcome) -> Void) {
        lock.lock()
        queue.append(Pending(star: star, completion: completion))
        let starts = running < maxBatches
        if starts { running += 1 }
        lock.unlock()
        if starts { Thread.detachNewThread { self.commitWhileQueued() } }
    }

    /// Commits `star` in the next batch and returns its change (nil: nothing changed), blocking
    /// the calling thread until then.
    func submit(_ star: Star) throws -> FavoriteChange? {
        let outcome = Mutex<Outcome?>(nil)
        let done = DispatchSemaphore(value: 0)
        submit(star) { result in
            outcome.withLock { $0 = result }
            done.signal()
        }
        done.wait()
        return try outcome.withLock { $0 }!.get()
    }

    /// A committer: batch after batch until the queue is empty, then the thread ends.
    private func commitWhileQueued() {
        while true {
            lock.lock()
            guard !queue.isEmpty else {
                running -= 1
                lock.unlock()
                return
            }
            let batch = Array(queue.prefix(Self.maxBatchSize))
            queue.removeFirst(batch.count)
            lock.unlock()
            let results = commit(batch.map(\.star))
            for (pending, result) in zip(batch, results) { pending.completion(result) }
        }
    }

    /// One transaction for the batch. Stars go in list order (stable, so a list's own stars
    /// keep theirs): every batch then takes list rows in one order, and two batches of two
    /// processes cannot deadlock on them. A refusal (not a member, a viewer) writes nothing and
    /// fails its star alone; a database error aborts the transaction, and then each star is
    /// retried in a transaction of its own, so one bad star cannot fail its neighbours.
    func commit(_ stars: [Star]) -> [Result<FavoriteChange?, any Error>] {
        let order = stars.indices.sorted { (stars[$0].listID, $0) < (stars[$1].listID, $1) }
        do {
            let answers = try pool.withConnection { try $0.pipelinedTransaction(order.map { write.statement(stars[$0]) }) }
            var results = [Result<FavoriteChange?, any Error>](repeating: .success(nil), count: stars.count)
            for (index, answer) in zip(order, answers) {
                results[index] = Result { try write.outcome(answer, stars[index]) }
            }
            return results
        } catch {
            guard stars.count > 1 else { return [.failure(error)] }
            return stars.map { commit([$0])[0] }
        }
    }
}
