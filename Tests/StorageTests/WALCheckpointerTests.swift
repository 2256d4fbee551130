import Foundation
import XCTest
@testable import Storage

final class WALCheckpointerTests: XCTestCase {
    /// Commits stay in the WAL until a checkpoint copies them into the main file. The writer
    /// never checkpoints (auto-checkpoint is off), so pages reaching the main file while every
    /// connection is still open show the checkpointer's thread at work.
    func testCommitsReachTheMainFileWithoutTheWriterCheckpointing() async throws {
        let path = try makeTemporaryDirectory(for: self).appendingPathComponent("db.sqlite").path
        let database = try Database(path: path)
        XCTAssertEqual(try database.withConnection { try $0.query("PRAGMA wal_autocheckpoint") }.first?.int(0), 0)
        try database.execute("CREATE TABLE t (v TEXT)")
        let before = try fileSize(path)
        let row = String(repeating: "x", count: 1000)
        try database.transaction { connection in
            for _ in 0..<400 { try connection.run("INSERT INTO t VALUES (?)", [.text(row)]) }
        }
        let deadline = ContinuousClock.now + .seconds(10)
        while try fileSize(path) < before + 400 * 1000, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
        }
        XCTAssertGreaterThanOrEqual(try fileSize(path), before + 400 * 1000, "the rows never reached the main file")
        XCTAssertEqual(try database.query("SELECT count(*) FROM t").first?.int(0), 400)
    }

    /// A writer that never pauses: a PASSIVE checkpoint never copies the whole WAL, so the
    /// WAL would never start over (5,000 such commits left it at 60 MB). Past
    /// `restartFrames` the checkpointer holds the writer's lock for a RESTART checkpoint.
    func testTheWALStartsOverWhileWritesNeverPause() throws {
        let path = try makeTemporaryDirectory(for: self).appendingPathComponent("busy.sqlite").path
        let writing = try SQLiteConnection(path: path)
        // As `Database` sets it: a writer may briefly find the checkpointer holding a lock.
        writing.setBusyTimeout(milliseconds: 5000)
        _ = try writing.query("PRAGMA journal_mode = WAL")
        try writing.execute("PRAGMA synchronous = NORMAL; PRAGMA wal_autocheckpoint = 0; CREATE TABLE t (v TEXT)")
        let writer = WriterConnection(writing)
        let checkpointer = try WALCheckpointer(path: path, writer: writer, interval: .milliseconds(1), restartFrames: 200)
        defer { checkpointer.stop() }
        let row = String(repeating: "x", count: 3000)

        var largestWAL = 0
        for commit in 1...5000 {
            try writer.withLock { connection in
                try connection.execute("BEGIN IMMEDIATE")
                try connection.run("INSERT INTO t VALUES (?)", [.text(row)])
                try connection.execute("COMMIT")
            }
            if commit % 50 == 0 { largestWAL = max(largestWAL, try fileSize(path + "-wal")) }
        }

        XCTAssertLessThan(largestWAL, 8_000_000, "the WAL grew to \(largestWAL) bytes")
    }

    private func fileSize(_ path: String) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
    }
}
