import Foundation
import XCTest
@testable import Storage

final class DatabaseTests: XCTestCase {
    func testBindingRoundTripsEveryValueType() throws {
        let database = try Database(path: Database.inMemoryPath)
        try database.execute("CREATE TABLE t (i INTEGER, r REAL, s TEXT, b BLOB, n)")
        let values: [SQLiteValue] = [
            .integer(Int64.min), .real(-2.5), .text("héllo\u{0}wörld ✨"), .blob([0, 1, 255]), .null,
        ]
        try database.run("INSERT INTO t VALUES (?, ?, ?, ?, ?)", values)

        let row = try XCTUnwrap(database.query("SELECT i, r, s, b, n FROM t").first)

        XCTAssertEqual(row.values, values)
        XCTAssertEqual(try row.int64(0), .min)
        XCTAssertEqual(try row.double(1), -2.5)
        XCTAssertEqual(try row.text(2), "héllo\u{0}wörld ✨")
        XCTAssertEqual(try row.blob(3), [0, 1, 255])
        XCTAssertTrue(row.isNull(4))
    }

    func testEmptyBlobStaysABlobNotNull() throws {
        let database = try Database(path: Database.inMemoryPath)
        try database.execute("CREATE TABLE t (b BLOB)")
        try database.run("INSERT INTO t VALUES (?)", [.blob([])])

        XCTAssertEqual(try database.query("SELECT b, typeof(b) FROM t").first?.values, [.blob([]), .text("blob")])
    }

    func testBadSQLThrowsSQLitesMessageAndTheStatement() throws {
        let database = try Database(path: Database.inMemoryPath)
        let sql = "SELEC 1"

        XCTAssertThrowsError(try database.query(sql)) { error in
            let sqliteError = error as? SQLiteError
            XCTAssertEqual(sqliteError?.code, SQLiteError.error)
            XCTAssertEqual(sqliteError?.sql, sql)
            XCTAssertTrue(sqliteError?.message.contains("syntax error") == true, "\(error)")
        }
    }

    func testConstraintViolationIsReportedAsSuch() throws {
        let database = try Database(path: Database.inMemoryPath)
        try database.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT UNIQUE)")
        try database.run("INSERT INTO t (name) VALUES (?)", ["a"])

        XCTAssertThrowsError(try database.run("INSERT INTO t (name) VALUES (?)", ["a"])) { error in
            XCTAssertEqual((error as? SQLiteError)?.isConstraintViolation, true, "\(error)")
        }
    }

    func testWrongParameterCountAndTrailingStatementsAreRefused() throws {
        let database = try Database(path: Database.inMemoryPath)

        XCTAssertThrowsError(try database.query("SELECT ?", [])) { error in
            XCTAssertEqual((error as? SQLiteError)?.code, SQLiteError.range)
        }
        XCTAssertThrowsError(try database.query("SELECT 1; SELECT 2")) { error in
            XCTAssertEqual((error as? SQLiteError)?.code, SQLiteError.misuse)
        }
    }

    func testReadingTheWrongTypeThrowsMismatch() throws {
        let row = Row([.null, .text("x")])

        XCTAssertThrowsError(try row.int(0)) { error in
            XCTAssertEqual((error as? SQLiteError)?.code, SQLiteError.mismatch)
        }
        XCTAssertThrowsError(try row.blob(1))
    }

    func testRunReportsChangesAndLastInsertRowID() throws {
        let database = try Database(path: Database.inMemoryPath)
        try database.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, v INTEGER)")

        try database.run("INSERT INTO t (v) VALUES (1), (2), (3)")
        XCTAssertEqual(database.lastInsertRowID, 3)
        XCTAssertEqual(try database.run("UPDATE t SET v = 0 WHERE v >= ?", [2]), 2)
        XCTAssertEqual(database.changes, 2)
    }

    func testTransactionCommitsOnSuccessAndRollsBackOnThrow() throws {
        struct Abort: Error {}
        let database = try Database(path: Database.inMemoryPath)
        try database.execute("CREATE TABLE t (v INTEGER)")

        try database.transaction { try $0.run("INSERT INTO t VALUES (1)") }
        XCTAssertThrowsError(try database.transaction { connection in
            try connection.run("INSERT INTO t VALUES (2)")
            throw Abort()
        }) { XCTAssertTrue($0 is Abort) }

        XCTAssertEqual(try database.query("SELECT v FROM t").map { try $0.int(0) }, [1])
        // The connection is usable again: no transaction was left open.
        try database.transaction { try $0.run("INSERT INTO t VALUES (3)") }
        XCTAssertEqual(try database.query("SELECT count(*) FROM t")[0].int(0), 2)
    }

    func testReleasedDatabaseHasClosedItsFile() async throws {
        let directory = try makeTemporaryDirectory(for: self)
        // The closes used to race with the caller, so one try could pass by luck.
        for attempt in 0..<20 {
            let path = directory.appendingPathComponent("closed-\(attempt).sqlite").path
            do {
                let database = try Database(path: path)
                try database.execute("CREATE TABLE t (v INTEGER)")
                _ = try await database.batchedTransaction { try $0.run("INSERT INTO t VALUES (1)") }
                XCTAssertTrue(FileManager.default.fileExists(atPath: path + "-wal"))
            }

            // The last connection to close checkpoints the WAL and deletes it.
            XCTAssertFalse(FileManager.default.fileExists(atPath: path + "-wal"), "attempt \(attempt)")
            XCTAssertFalse(FileManager.default.fileExists(atPath: path + "-shm"), "attempt \(attempt)")
        }
    }

    func testFileIsOpenedInWALWithForeignKeysAndCreatesDirectories() throws {
        let path = try makeTemporaryDirectory(for: self).appendingPathComponent("a/b/store.sqlite").path
        let database = try Database(path: path, synchronous: .full)

        XCTAssertEqual(try database.query("PRAGMA journal_mode")[0].text(0), "wal")
        XCTAssertEqual(try database.query("PRAGMA foreign_keys")[0].int(0), 1)
        XCTAssertEqual(try database.query("PRAGMA synchronous")[0].int(0), 2)  // FULL
        XCTAssertTrue(FileManager.default.fileExists(atPath: path))
    }

    func testSecondConnectionOnTheSameFileSeesCommittedWrites() throws {
        let path = try makeTemporaryDirectory(for: self).appendingPathComponent("shared.sqlite").path
        let writer = try Database(path: path)
        let reader = try Database(path: path)
        try writer.execute("CREATE TABLE t (v INTEGER)")

        try writer.run("INSERT INTO t VALUES (42)")

        XCTAssertEqual(try writer.query("PRAGMA synchronous")[0].int(0), 1, "NORMAL by default")

        XCTAssertEqual(try reader.query("SELECT v FROM t")[0].int(0), 42)
    }

    func testQueriesReadTheLastCommitEvenWhileATransactionIsOpen() throws {
        let path = try makeTemporaryDirectory(for: self).appendingPathComponent("reads.sqlite").path
        let database = try Database(path: path)
        try database.execute("CREATE TABLE t (v INTEGER)")
        try database.run("INSERT INTO t VALUES (1)")
        XCTAssertEqual(try database.query("SELECT count(*) FROM t")[0].int(0), 1)

        try database.transaction { connection in
            try connection.run("INSERT INTO t VALUES (2)")
            // `query` does not wait for the open transaction, and does not see it.
            XCTAssertEqual(try database.query("SELECT count(*) FROM t")[0].int(0), 1)
        }
        XCTAssertEqual(try database.query("SELECT count(*) FROM t")[0].int(0), 2)
        XCTAssertThrowsError(try database.query("INSERT INTO t VALUES (3)"), "query is read-only")
    }
}
