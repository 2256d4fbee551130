import Foundation
import Synchronization

/// One turn of checkpointing on a connection of its own: what `WALCheckpointer`'s thread runs.
///
/// A PASSIVE checkpoint copies only what was committed when it began, and the WAL starts over
/// from its beginning only once all of it has been copied: under writes that never pause, it
/// grew without bound in a burst of new users. Once it passes `restartFrames`, the turn holds
/// the writer's lock for a RESTART checkpoint, which copies the rest (the PASSIVE one just
/// copied most of it), so the next commit starts the WAL over.
final class WALCheckpointTurn {
    let connection: SQLiteConnection
    let writer: WriterConnection
    let restartFrames: Int

    init(path: String, writer: WriterConnection, restartFrames: Int, busyTimeoutMilliseconds: Int32 = 1000) throws {
        connection = try SQLiteConnection(path: path)
        connection.setBusyTimeout(milliseconds: busyTimeoutMilliseconds)
        self.writer = writer
        self.restartFrames = restartFrames
    }

    enum Outcome: Equatable {
        /// A checkpoint that cannot finish now is retried on the next turn.
        case busy
        case copied(frames: Int)
        case restarted(frames: Int)
    }

    @discardableResult
    func run() -> Outcome {
        // The row is (busy, frames in the WAL, frames copied).
        guard let frames = try? connection.query("PRAGMA wal_checkpoint(PASSIVE)").first?.int(1) else { return .busy }
        guard frames >= restartFrames else { return .copied(frames: frames) }
        let restarted = writer.withLock { _ in
            (try? connection.query("PRAGMA wal_checkpoint(RESTART)").first?.int(0)) == 0
        }
        return restarted ? .restarted(frames: frames) : .busy
    }

    func close() { connection.close() }
}

/// Copies a WAL database's committed pages back into its main file, on a thread of its own.
///
/// SQLite's automatic checkpoint runs inside the commit that crosses the threshold, and a
/// checkpoint ends with an fsync: that commit then held the write lock (and a worker thread)
/// for milliseconds while every other writer waited. The writer connection turns it off and
/// this thread runs PASSIVE checkpoints instead, which never block writers or readers.
/// Durability is unchanged: a commit is in the WAL when `COMMIT` returns either way.
final class WALCheckpointer: Sendable {
    static let interval: Duration = .milliseconds(250)
    /// 16 MiB of 4 KiB pages.
    static let restartFrames = 4096

    /// What the thread and `stop` share.
    private final class Control: Sendable {
        let wake = DispatchSemaphore(value: 0)
        let exited = DispatchSemaphore(value: 0)
        let isStopped = Atomic(false)
    }

    private let control = Control()

    /// Opens a connection of its own to `path` and starts checkpointing every `interval`.
    init(path: String, writer: WriterConnection, interval: Duration = WALCheckpointer.interval, restartFrames: Int = WALCheckpointer.restartFrames) throws {
        // Used by the checkpoint thread alone, once it starts.
        nonisolated(unsafe) let turn = try WALCheckpointTurn(path: path, writer: writer, restartFrames: restartFrames)
        let thread = Thread { [control] in
            Thread.current.name = "sqlite-ckpt"
            while true {
                _ = control.wake.wait(timeout: .now() + .milliseconds(Int(interval / .milliseconds(1))))
                turn.run()
                if control.isStopped.load(ordering: .acquiring) { break }
            }
            turn.close()  // before `stop` returns, not when the thread lets the closure go
            control.exited.signal()
        }
        thread.start()
    }

    /// Runs a last checkpoint and ends the thread; returns once it has.
    func stop() {
        guard !control.isStopped.exchange(true, ordering: .acquiringAndReleasing) else { return }
        control.wake.signal()
        control.exited.wait()
    }
}
