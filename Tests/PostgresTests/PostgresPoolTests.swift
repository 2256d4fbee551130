import Foundation
import Postgres
import Synchronization
import XCTest

final class PostgresPoolTests: PostgresTestCase {
    private struct Boom: Error {}

    func testManyThreadsShareThePoolWithoutEverHoldingMoreThanItsSize() throws {
        let pool = try PostgresPool(url: databaseURL, size: 3)
        try pool.execute("CREATE TABLE counter (n int)")
        try pool.execute("INSERT INTO counter VALUES (0)")
        let inUse = Atomic<Int>(0)
        let mostInUse = Atomic<Int>(0)
        let pids = Mutex<Set<Int32>>([])
        let failures = Mutex<[String]>([])
        let (threads, increments) = (12, 20)

        DispatchQueue.concurrentPerform(iterations: threads) { _ in
            for _ in 0..<increments {
                do {
                    try pool.withConnection { connection in
                        let now = inUse.add(1, ordering: .relaxed).newValue
                        mostInUse.max(now, ordering: .relaxed)
                        defer { inUse.subtract(1, ordering: .relaxed) }
                        pids.withLock { _ = $0.insert(connection.backendPID) }
                        try connection.transaction { try $0.execute("UPDATE counter SET n = n + 1") }
                    }
                } catch {
                    failures.withLock { $0.append("\(error)") }
                }
            }
        }

        XCTAssertEqual(failures.withLock { $0 }, [])
        XCTAssertEqual(try pool.query("SELECT n FROM counter").first?.int(0), threads * increments)
        XCTAssertLessThanOrEqual(mostInUse.load(ordering: .relaxed), 3)
        XCTAssertLessThanOrEqual(pids.withLock { $0.count }, 3, "the pool reuses its connections")
    }

    func testAConnectionTheServerEndedIsReplacedBeforeItIsLent() throws {
        let pool = try PostgresPool(url: databaseURL, size: 1)
        let pid = try pool.withConnection { $0.backendPID }

        let ended = try connect().queryFirst("SELECT pg_terminate_backend($1::int4, 5000)", params: [.integer(Int64(pid))])
        XCTAssertEqual(try ended?.bool(0), true)

        let newPID = try pool.withConnection { connection in
            XCTAssertEqual(try connection.queryFirst("SELECT 1")?.int(0), 1)
            return connection.backendPID
        }
        XCTAssertNotEqual(newPID, pid)
    }

    func testATransactionLeftOpenIsRolledBackBeforeTheConnectionIsReused() throws {
        let pool = try PostgresPool(url: databaseURL, size: 1)
        try pool.execute("CREATE TABLE t (v int)")

        XCTAssertThrowsError(
            try pool.withConnection { connection in
                try connection.execute("BEGIN")
                try connection.execute("INSERT INTO t VALUES (1)")
                throw Boom()
            }
        )

        try pool.withConnection { connection in
            XCTAssertFalse(connection.isInTransaction)
            XCTAssertEqual(try connection.queryFirst("SELECT count(*) FROM t")?.int(0), 0)
        }
    }

    func testAskingForASecondConnectionWhileHoldingTheOnlyOneTimesOutInsteadOfHanging() throws {
        let pool = try PostgresPool(url: databaseURL, size: 1, checkoutTimeout: .milliseconds(200))

        try pool.withConnection { _ in
            XCTAssertThrowsError(try pool.withConnection { _ in }) { error in
                XCTAssertEqual((error as? PostgresError)?.code, PostgresError.tooManyConnections)
            }
        }
        XCTAssertEqual(try pool.query("SELECT 1").first?.int(0), 1, "the connection went back to the pool")
    }
}
