import Foundation
import Synchronization

/// Writes from many tasks committed together, on a thread of its own.
///
/// In WAL mode every commit appends each page it touched to the WAL, however little of the page
/// changed: a new user touches about ten B-tree pages, so a commit per user wrote all of them again
/// and creating users was bound by that write. Writes that arrive while a transaction runs wait
/// for the next one and share its pages. Each runs inside a SAVEPOINT of its own, so one that
/// throws is rolled back alone; each caller resumes only after COMMIT, so an acknowledged write
/// is committed. The thread, not the caller, waits for the write lock, so no cooperative thread
/// blocks on it.
///
/// A commit takes about as long as the gap between new users at thousands per second, so
/// batches stayed at one or two writes. When writes keep coming (the last commit ended less than
/// `busyWindow` ago), the thread waits `gatherDelay` before taking the queue, as PostgreSQL's
/// `commit_delay` does; a write arriving after a quiet spell commits at once.
final class GroupCommit: Sendable {
    /// A bound on one transaction, so a long queue does not hold the write lock for long.
    static let maximumBatch = 256
    static let busyWindow: Duration = .milliseconds(5)
    static let gatherDelay: Duration = .milliseconds(1)

    private struct Queue: ~Copyable {
        var writes: [any PendingWrite] = []
        var isStopped = false
    }

    private let queue = Mutex(Queue())
    private let wake = DispatchSemaphore(value: 0)
    private let exited = DispatchSemaphore(value: 0)

    init(writer: WriterConnection) {
        let thread = Thread { [self] in
            Thread.current.name = "sqlite-commit"
            run(on: writer)
        }
        thread.start()
    }

    /// Runs `body` in the next shared transaction; returns its result once that has committed.
    func write<T: Sendable>(_ body: @escaping @Sendable (SQLiteConnection) throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            let accepted = queue.withLock { queue in
                guard !queue.isStopped else { return false }
                queue.writes.append(Write(body: body, continuation: continuation))
                return true
            }
            if accepted {
                wake.signal()
            } else {
                continuation.resume(throwing: SQLiteError(code: SQLiteError.misuse, message: "the database is closed"))
            }
        }
    }

    /// Writes queued and not yet taken into a transaction.
    var queuedCount: Int { queue.withLock { $0.writes.count } }

    /// Commits what is queued, then ends the thread; returns once it has.
    func stop() {
        let wasStopped = queue.withLock { queue in
            defer { queue.isStopped = true }
            return queue.isStopped
        }
        guard !wasStopped else { return }
        wake.signal()
        exited.wait()
    }

    /// The thread: a transaction takes what is queued once it holds the write lock, so writes
    /// that arrive while another transaction (or any other writer) holds it join the next one.
    private func run(on writer: WriterConnection) {
        var lastCommit = ContinuousClock.now - Self.busyWindow
        while waitForWrites() {
            if ContinuousClock.now - lastCommit < Self.busyWindow {
                Thread.sleep(forTimeInterval: Self.gatherDelay / .seconds(1))
            }
            let (batch, failure) = writer.withLock { connection in
                let batch = queue.withLock { queue in
                    let batch = Array(queue.writes.prefix(Self.maximumBatch))
                    queue.writes.removeFirst(batch.count)
                    return batch
                }
                return (batch, Self.commit(batch, on: connection))
            }
            for write in batch { write.finish(transactionError: failure) }
            lastCommit = .now
        }
        exited.signal()
    }

    /// Blocks until a write is queued; false once stopped with none left. (Each write signals
    /// once, so a batch of several leaves wake-ups that find the queue empty.)
    private func waitForWrites() -> Bool {
        while true {
            wake.wait()
            let (hasWrites, isStopped) = queue.withLock { (!$0.writes.isEmpty, $0.isStopped) }
            if hasWrites { return true }
            if isStopped { return false }
        }
    }

    /// Runs `batch` in one transaction; the transaction's error, if it failed as a whole.
    private static func commit(_ batch: [any PendingWrite], on connection: SQLiteConnection) -> (any Error)? {
        guard !batch.isEmpty else { return nil }
        do {
            try connection.bracketed(begin: "BEGIN IMMEDIATE", end: "COMMIT", undo: "ROLLBACK") {
                for write in batch { write.run(on: connection) }
            }
            return nil
        } catch {
            return error
        }
    }
}

/// One queued write, its result kept until the transaction ends.
private protocol PendingWrite: Sendable {
    /// Runs the write inside its own savepoint (rolled back if the write throws).
    func run(on connection: SQLiteConnection)
    /// Resumes the caller: with the transaction's error if it failed, else with the write's result.
    func finish(transactionError: (any Error)?)
}

// The group-commit thread alone touches `result`: `run` and then `finish`, in that order.
private final class Write<T: Sendable>: PendingWrite, @unchecked Sendable {
    private let body: @Sendable (SQLiteConnection) throws -> T
    private let continuation: CheckedContinuation<T, any Error>
    private var result: Result<T, any Error>?

    init(body: @escaping @Sendable (SQLiteConnection) throws -> T, continuation: CheckedContinuation<T, any Error>) {
        self.body = body
        self.continuation = continuation
    }

    func run(on connection: SQLiteConnection) {
        result = Result {
            try connection.bracketed(begin: "SAVEPOINT write", end: "RELEASE write", undo: "ROLLBACK TO write; RELEASE write") {
                try body(connection)
            }
        }
    }

    func finish(transactionError: (any Error)?) {
        if let transactionError {
            continuation.resume(throwing: transactionError)
        } else {
            continuation.resume(with: result ?? .failure(SQLiteError(code: SQLiteError.misuse, message: "write never ran")))
        }
    }
}
