import Foundation
import Postgres
import Storage
import Synchronization

/// Group commit of announced writes in cluster mode (stars, joins). A transaction that NOTIFYs
/// takes a database-wide lock at commit and holds it until its commit record is flushed (so
/// notifications arrive in commit order), which serialises every announcing commit of every
/// process: one write per commit caps the whole cluster at one WAL flush per write. So writes
/// that arrive together share one transaction and one flush: they queue, and up to
/// `maxBatches` committers each take every write queued so far and commit them together. A
/// write's completion runs only once it is durable (or refused).
///
/// A batch is one pipelined transaction (`PostgresConnection.pipelinedTransaction`): its
/// statements (one per item, or one for all of them), prepared once per connection, wait for the network once, not once each, and the
/// batch holds the rows it locks (and so every other batch touching them) only that long.
///
/// No thread waits per write: a committer is a thread of the batcher's own that runs while
/// writes are queued. (With a blocked thread per write, the writes in flight, and so the
/// throughput, were capped by the number of threads, whatever the database could take.)
final class WriteBatcher<Item: Sendable, Output: Sendable>: @unchecked Sendable {
    typealias Outcome = Result<Output, any Error>

    /// How a batch is written: `run` writes the batch (already in `order`) in one transaction
    /// on a connection and returns each item's outcome, in the batch's order (an item's
    /// refusal is a `FavoritesError`, and must have written nothing); `order` is the key
    /// batches are sorted by, so that every batch takes the rows it locks in one order and two
    /// batches of two processes cannot deadlock on them. A database error thrown by `run`
    /// aborts the transaction.
    struct Write: Sendable {
        var run: @Sendable ([Item], PostgresConnection) throws -> [Outcome]
        var order: @Sendable (Item) -> String

        /// One statement per item, pipelined, each read by `outcome` (stars).
        static func eachItem(
            statement: @escaping @Sendable (Item) -> PostgresStatement,
            outcome: @escaping @Sendable (PostgresResult, Item) throws -> Output,
            order: @escaping @Sendable (Item) -> String
        ) -> Write {
            Write(
                run: { items, connection in
                    let answers = try connection.pipelinedTransaction(items.map(statement))
                    return zip(answers, items).map { answer, item in Result { try outcome(answer, item) } }
                },
                order: order)
        }

        /// One statement for the whole batch, whose result `outcomes` reads into one outcome per
        /// item (joins): the database plans and runs it once, not once per item.
        static func together(
            statement: @escaping @Sendable ([Item]) -> PostgresStatement,
            outcomes: @escaping @Sendable (PostgresResult, [Item]) throws -> [Outcome],
            order: @escaping @Sendable (Item) -> String
        ) -> Write {
            Write(
                run: { items, connection in try outcomes(try connection.pipelinedTransaction([statement(items)])[0], items) },
                order: order)
        }
    }

    /// The most writes one transaction takes: a pipeline's answers are read only once all of it
    /// is sent, so it stays well within a socket buffer.
    static var maxBatchSize: Int { 256 }

    private struct Pending {
        let item: Item
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

    /// Queues `item` for the next batch and returns at once; `completion` gets its outcome on a
    /// committer's thread.
    func submit(_ item: Item, completion: @escaping @Sendable (Outcome) -> Void) {
        lock.lock()
        queue.append(Pending(item: item, completion: completion))
        let starts = running < maxBatches
        if starts { running += 1 }
        lock.unlock()
        if starts { Thread.detachNewThread { self.commitWhileQueued() } }
    }

    /// Commits `item` in the next batch and returns its output, blocking the calling thread
    /// until then.
    func submit(_ item: Item) throws -> Output {
        let outcome = Mutex<Outcome?>(nil)
        let done = DispatchSemaphore(value: 0)
        submit(item) { result in
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
            let results = commit(batch.map(\.item))
            for (pending, result) in zip(batch, results) { pending.completion(result) }
        }
    }

    /// One transaction for the batch, in `order` (stable, so one key's writes keep theirs). A
    /// refusal writes nothing and fails its item alone; a database error aborts the
    /// transaction, and then each item is retried in a transaction of its own, so one bad item
    /// cannot fail its neighbours.
    func commit(_ items: [Item]) -> [Outcome] {
        let keys = items.map(write.order)
        let order = items.indices.sorted { (keys[$0], $0) < (keys[$1], $1) }
        do {
            let outcomes = try pool.withConnection { try write.run(order.map { items[$0] }, $0) }
            var results = [Outcome?](repeating: nil, count: items.count)
            for (index, outcome) in zip(order, outcomes) { results[index] = outcome }
            return results.map { $0! }
        } catch {
            guard items.count > 1 else { return [.failure(error)] }
            return items.map { commit([$0])[0] }
        }
    }
}

/// A star for the batcher.
struct FavoriteStar: Sendable {
    var listID: String
    var pokemonID: Int
    var isFavorite: Bool
    var userID: String
    /// The action's key (`AppliedKeys`), if it had one.
    var key: String? = nil
    /// The event an undo reverts.
    var undoes: Int64? = nil
}

/// Stars in cluster mode.
typealias FavoriteBatcher = WriteBatcher<FavoriteStar, FavoriteChange?>
