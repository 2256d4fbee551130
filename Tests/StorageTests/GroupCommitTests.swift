import Foundation
import TestSupport
import XCTest
@testable import Storage

final class GroupCommitTests: XCTestCase {
    /// Writes queued while another writer holds the lock share the next transaction: the third
    /// sees the first's row uncommitted (the reader connection does not). The second throws
    /// half-way and only its own row is rolled back.
    func testQueuedWritesShareOneTransactionAndAFailingOneRollsBackAlone() async throws {
        let path = try makeTemporaryDirectory(for: self).appendingPathComponent("group.sqlite").path
        let database = try Database(path: path)
        try database.execute("CREATE TABLE t (v TEXT UNIQUE)")
        let lockHeld = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        Thread {
            database.withConnection { _ in
                lockHeld.signal()
                release.wait()
            }
        }.start()
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async { lockHeld.wait(); continuation.resume() }
        }

        let first = Task { try await database.batchedTransaction { try $0.run("INSERT INTO t VALUES ('a')") } }
        try await waitUntilQueued(1, in: database)
        let second = Task {
            try await database.batchedTransaction { connection in
                try connection.run("INSERT INTO t VALUES ('c')")
                try connection.run("INSERT INTO t VALUES ('a')")  // UNIQUE: throws
            }
        }
        try await waitUntilQueued(2, in: database)
        let third = Task {
            try await database.batchedTransaction { connection in
                let seenInside = try connection.query("SELECT v FROM t ORDER BY v").map { try $0.text(0) }
                let seenByReader = try database.query("SELECT v FROM t ORDER BY v").map { try $0.text(0) }
                try connection.run("INSERT INTO t VALUES ('d')")
                return [seenInside, seenByReader]
            }
        }
        try await waitUntilQueued(3, in: database)
        release.signal()

        let firstChanges = try await first.value
        let secondResult = await second.result
        let seen = try await third.value

        XCTAssertEqual(firstChanges, 1)
        XCTAssertThrowsError(try secondResult.get()) { error in
            XCTAssertEqual((error as? SQLiteError)?.code, SQLiteError.constraint, "\(error)")
        }
        XCTAssertEqual(seen, [["a"], []])
        XCTAssertEqual(try database.query("SELECT v FROM t ORDER BY v").map { try $0.text(0) }, ["a", "d"])
    }

    func testAWriteAfterTheDatabaseClosedFailsAndWritesNothing() async throws {
        let database = try Database(path: Database.inMemoryPath)
        try database.execute("CREATE TABLE t (v TEXT)")
        database.groupCommit.stop()

        do {
            try await database.batchedTransaction { try $0.run("INSERT INTO t VALUES ('late')") }
            XCTFail("a write after stop was accepted")
        } catch {
            XCTAssertEqual((error as? SQLiteError)?.code, SQLiteError.misuse, "\(error)")
        }
        XCTAssertEqual(try database.query("SELECT count(*) FROM t").first?.int(0), 0)
    }

    private func waitUntilQueued(_ count: Int, in database: Database) async throws {
        try await waitUntil("\(count) writes are queued") { database.groupCommit.queuedCount >= count }
    }
}
