import Foundation
import Postgres
import XCTest

/// `pipelinedTransaction`: one transaction sent whole, its answers matched to its statements.
final class PostgresPipelineTests: PostgresTestCase {
    func testEachStatementGetsItsOwnResultAndAllCommitTogether() throws {
        let connection = try connect()
        try connection.execute("CREATE TABLE t (v int PRIMARY KEY)")

        let results = try connection.pipelinedTransaction([
            PostgresStatement("INSERT INTO t VALUES ($1) RETURNING v * 10", params: [1], preparedName: "insert_t"),
            PostgresStatement("INSERT INTO t VALUES ($1) RETURNING v * 10", params: [2], preparedName: "insert_t"),
            PostgresStatement("SELECT count(*) FROM t"),
        ])

        XCTAssertEqual(try results.map { try $0[0].int(0) }, [10, 20, 2], "the count sees the transaction's own writes")
        XCTAssertFalse(connection.isInTransaction)
        XCTAssertEqual(try connect().queryFirst("SELECT count(*) FROM t")?.int(0), 2, "another session sees the commit")
    }

    func testAPreparedStatementIsPreparedOncePerSession() throws {
        let connection = try connect()
        try connection.execute("CREATE TABLE t (v int)")
        let insert = { (value: Int64) in PostgresStatement("INSERT INTO t VALUES ($1)", params: [.integer(value)], preparedName: "insert_t") }

        _ = try connection.pipelinedTransaction([insert(1)])
        _ = try connection.pipelinedTransaction([insert(2), insert(3)])
        XCTAssertEqual(try connection.queryFirst("SELECT count(*) FROM pg_prepared_statements WHERE name = 'insert_t'")?.int(0), 1)

        // A new server session has no prepared statements: the next pipeline prepares it again.
        try connection.reconnect()
        _ = try connection.pipelinedTransaction([insert(4)])
        XCTAssertEqual(try connection.queryFirst("SELECT count(*) FROM t")?.int(0), 4)
    }

    func testAFailingStatementRollsBackTheWholeTransactionAndThrowsItsError() throws {
        let connection = try connect()
        try connection.execute("CREATE TABLE t (v int PRIMARY KEY)")

        XCTAssertThrowsError(
            try connection.pipelinedTransaction([
                PostgresStatement("INSERT INTO t VALUES (1)"),
                PostgresStatement("INSERT INTO t VALUES (1)"),
                PostgresStatement("INSERT INTO t VALUES (2)"),
            ])
        ) { error in XCTAssertEqual((error as? PostgresError)?.code, "23505", "the duplicate key is the error reported") }

        XCTAssertFalse(connection.isInTransaction)
        XCTAssertEqual(try connection.queryFirst("SELECT count(*) FROM t")?.int(0), 0, "nothing of the batch was kept")
        _ = try connection.pipelinedTransaction([PostgresStatement("INSERT INTO t VALUES (3)")])
        XCTAssertEqual(try connection.queryFirst("SELECT count(*) FROM t")?.int(0), 1, "the connection works after a failure")
    }

    func testAStatementThatFailsToPrepareFailsThePipelineAndIsNotRemembered() throws {
        let connection = try connect()
        let broken = PostgresStatement("SELECT * FROM no_such_table", preparedName: "broken")
        XCTAssertThrowsError(try connection.pipelinedTransaction([broken])) { error in
            XCTAssertEqual((error as? PostgresError)?.code, "42P01")
        }
        try connection.execute("CREATE TABLE no_such_table (v int)")
        XCTAssertEqual(try connection.pipelinedTransaction([broken])[0].count, 0, "prepared anew once the table exists")
    }

    func testInsideAnOpenTransactionItRefuses() throws {
        let connection = try connect()
        try connection.execute("BEGIN")
        XCTAssertThrowsError(try connection.pipelinedTransaction([PostgresStatement("SELECT 1")])) { error in
            XCTAssertEqual((error as? PostgresError)?.code, PostgresError.activeTransaction)
        }
        try connection.execute("ROLLBACK")
    }
}
