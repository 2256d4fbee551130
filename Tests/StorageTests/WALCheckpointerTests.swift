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

    /// A writer that never pauses leaves commits newer than any PASSIVE checkpoint, so the
    /// WAL never starts over by itself. Past `restartFrames` a turn holds the writer's lock
    /// for a RESTART checkpoint. The turns run here between commits, as the thread runs them,
    /// so what is checked is the rule and not how the host schedules a thread.
    func testATurnPastRestartFramesRestartsTheWAL() throws {
        let (writer, path) = try makeWriter("restart.sqlite")
        defer { writer.close() }
        let turn = try WALCheckpointTurn(path: path, writer: writer, restartFrames: 200)
        defer { turn.close() }

        try commit(50, through: writer)
        guard case .copied(let few) = turn.run() else { return XCTFail("50 commits restarted the WAL") }
        XCTAssertLessThan(few, 200)
        try commit(250, through: writer)
        guard case .restarted(let many) = turn.run() else { return XCTFail("250 commits did not restart the WAL") }
        XCTAssertGreaterThanOrEqual(many, 250)

        // The next commit writes the WAL from its beginning.
        try commit(1, through: writer)
        guard case .copied(let fresh) = turn.run() else { return XCTFail("one commit restarted the WAL") }
        XCTAssertLessThan(fresh, 5)
        XCTAssertEqual(try writer.withLock { try $0.query("SELECT count(*) FROM t") }.first?.int(0), 301)
    }

    /// A reader holding an old snapshot keeps the RESTART from finishing: the turn says so
    /// and the writer is not kept waiting past the checkpointer's busy timeout.
    func testATurnThatCannotRestartIsBusyAndRetried() throws {
        let (writer, path) = try makeWriter("busy.sqlite")
        defer { writer.close() }
        let turn = try WALCheckpointTurn(path: path, writer: writer, restartFrames: 20, busyTimeoutMilliseconds: 0)
        defer { turn.close() }
        let reader = try SQLiteConnection(path: path)
        defer { reader.close() }

        try commit(5, through: writer)
        try reader.execute("BEGIN")
        _ = try reader.query("SELECT count(*) FROM t")
        try commit(20, through: writer)
        XCTAssertEqual(turn.run(), .busy)

        try reader.execute("COMMIT")
        guard case .restarted = turn.run() else { return XCTFail("the RESTART was not retried") }
    }

    private func makeWriter(_ name: String) throws -> (WriterConnection, String) {
        let path = try makeTemporaryDirectory(for: self).appendingPathComponent(name).path
        let writing = try SQLiteConnection(path: path)
        _ = try writing.query("PRAGMA journal_mode = WAL")
        try writing.execute("PRAGMA synchronous = NORMAL; PRAGMA wal_autocheckpoint = 0; CREATE TABLE t (v TEXT)")
        // The table's page is in the WAL: copy it so the counts below are the rows' frames.
        _ = try writing.query("PRAGMA wal_checkpoint(TRUNCATE)")
        return (WriterConnection(writing), path)
    }

    /// Commits `count` transactions of one row of a page's size each, so each adds one frame.
    private func commit(_ count: Int, through writer: WriterConnection) throws {
        let row = String(repeating: "x", count: 3000)
        for _ in 0..<count {
            try writer.withLock { connection in
                try connection.execute("BEGIN IMMEDIATE")
                try connection.run("INSERT INTO t VALUES (?)", [.text(row)])
                try connection.execute("COMMIT")
            }
        }
    }

    private func fileSize(_ path: String) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
    }
}
