import Foundation
import Postgres
import XCTest

final class PostgresTransactionTests: PostgresTestCase {
    private struct Boom: Error {}

    func testATransactionCommitsWhatItsBodyWrote() throws {
        let connection = try connect()
        try connection.execute("CREATE TABLE t (v int)")

        let value = try connection.transaction { connection in
            try connection.execute("INSERT INTO t VALUES (1)")
            return "done"
        }

        XCTAssertEqual(value, "done")
        XCTAssertEqual(try connect().queryFirst("SELECT count(*) FROM t")?.int(0), 1, "another session sees the commit")
    }

    func testAThrowingBodyRollsBackEverything() throws {
        let connection = try connect()
        try connection.execute("CREATE TABLE t (v int)")

        XCTAssertThrowsError(
            try connection.transaction { connection in
                try connection.execute("INSERT INTO t VALUES (1)")
                throw Boom()
            }
        ) { error in XCTAssertTrue(error is Boom) }

        XCTAssertFalse(connection.isInTransaction)
        XCTAssertEqual(try connection.queryFirst("SELECT count(*) FROM t")?.int(0), 0)
    }

    func testAStatementErrorCaughtInsideTheBodyStillFailsTheCommit() throws {
        let connection = try connect()
        try connection.execute("CREATE TABLE t (v int PRIMARY KEY)")

        XCTAssertThrowsError(
            try connection.transaction { connection in
                try connection.execute("INSERT INTO t VALUES (1)")
                _ = try? connection.execute("INSERT INTO t VALUES (1)")  // aborts the transaction
            }
        ) { error in
            XCTAssertEqual((error as? PostgresError)?.code, PostgresError.inFailedTransaction)
        }
        XCTAssertEqual(try connection.queryFirst("SELECT count(*) FROM t")?.int(0), 0)
    }

    func testTransactionsDoNotNest() throws {
        let connection = try connect()

        XCTAssertThrowsError(try connection.transaction { try $0.transaction { _ in } }) { error in
            XCTAssertEqual((error as? PostgresError)?.code, PostgresError.activeTransaction)
        }
        XCTAssertFalse(connection.isInTransaction)
    }

    func testSerializationFailuresAreRetriedUntilTheTransactionCommits() throws {
        let setup = try connect()
        try setup.executeScript("CREATE TABLE counter (n int); INSERT INTO counter VALUES (0)")
        let first = try connect()
        let second = try connect()
        var attempts = 0

        // `first` reads, then `second` commits a change to what it read: `first`'s write can no
        // longer be serialized, fails with 40001, and its second attempt succeeds.
        try first.retryingTransaction(.serializable) { connection in
            attempts += 1
            let n = try connection.queryFirst("SELECT n FROM counter")?.int(0) ?? -1
            if attempts == 1 { try second.execute("UPDATE counter SET n = n + 100") }
            try connection.execute("UPDATE counter SET n = $1", params: [.integer(Int64(n + 1))])
        }

        XCTAssertEqual(attempts, 2)
        XCTAssertEqual(try setup.queryFirst("SELECT n FROM counter")?.int(0), 101)
    }

    func testRetryingGivesUpAfterMaxAttempts() throws {
        let setup = try connect()
        try setup.executeScript("CREATE TABLE counter (n int); INSERT INTO counter VALUES (0)")
        let first = try connect()
        let second = try connect()
        var attempts = 0

        XCTAssertThrowsError(
            try first.retryingTransaction(.serializable, maxAttempts: 3) { connection in
                attempts += 1
                _ = try connection.queryFirst("SELECT n FROM counter")
                try second.execute("UPDATE counter SET n = n + 1")
                try connection.execute("UPDATE counter SET n = 0")
            }
        ) { error in
            XCTAssertEqual((error as? PostgresError)?.isSerializationFailure, true)
        }
        XCTAssertEqual(attempts, 3)
    }

    func testAnotherThreadWaitsForTheTransactionInsteadOfJoiningIt() throws {
        let connection = try connect()
        try connection.execute("CREATE TABLE t (v int)")
        let inside = DispatchSemaphore(value: 0)
        let otherDone = expectation(description: "the other thread's insert ran")

        // The other thread's statement, issued while the transaction is open, must not become
        // part of it: the transaction rolls back, the other insert stays.
        XCTAssertThrowsError(
            try connection.transaction { connection in
                try connection.execute("INSERT INTO t VALUES (1)")
                DispatchQueue.global().async {
                    inside.signal()
                    _ = try? connection.execute("INSERT INTO t VALUES (2)")
                    otherDone.fulfill()
                }
                inside.wait()
                throw Boom()
            }
        )
        wait(for: [otherDone], timeout: 10)

        XCTAssertEqual(try connection.query("SELECT v FROM t").map { try $0.int(0) }, [2])
    }
}
