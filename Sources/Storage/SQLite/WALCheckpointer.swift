import Foundation
import Synchronization

/// Copies a WAL database's committed pages back into its main file, on a thread of its own.
///
/// SQLite's automatic checkpoint runs inside the commit that crosses the threshold, and a
/// checkpoint ends with an fsync: that commit then held the write lock (and a worker thread)
/// for milliseconds while every other writer waited. The writer connection turns it off and
/// this thread runs PASSIVE checkpoints instead, which never block writers or readers.
/// Durability is unchanged: a commit is in the WAL when `COMMIT` returns either way.
///
/// A PASSIVE checkpoint copies only what was committed when it began, and the WAL starts over
/// from its beginning only once all of it has been copied: under writes that never pause, it
/// grew without bound in a burst of new users. Once it passes `restartFrames`,
/// the checkpointer holds the writer's lock for a RESTART checkpoint, which copies the rest
/// (a PASSIVE one just copied most of it), so the next commit starts the WAL over.
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
        nonisolated(unsafe) let connection = try SQLiteConnection(path: path)
        connection.setBusyTimeout(milliseconds: 1000)
        let thread = Thread { [control] in
            Thread.current.name = "sqlite-ckpt"
            while true {
                _ = control.wake.wait(timeout: .now() + .milliseconds(Int(interval / .milliseconds(1))))
                // A checkpoint that cannot finish now (busy) is retried on the next turn.
                // Its row is (busy, frames in the WAL, frames copied).
                let frames = try? connection.query("PRAGMA wal_checkpoint(PASSIVE)").first?.int(1)
                if let frames, frames >= restartFrames {
                    writer.withLock { _ in _ = try? connection.query("PRAGMA wal_checkpoint(RESTART)") }
                }
                if control.isStopped.load(ordering: .acquiring) { break }
            }
            connection.close()  // before `stop` returns, not when the thread lets the closure go
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
