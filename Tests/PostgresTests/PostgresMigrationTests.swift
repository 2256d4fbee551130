import Foundation
import PostgresTesting
import Postgres
import Synchronization
import TestSupport
import XCTest

final class PostgresMigrationTests: PostgresTestCase {
    private let migrations = [
        PostgresMigration(version: 1, sql: "CREATE TABLE a (v int); CREATE INDEX a_v ON a (v)"),
        PostgresMigration(version: 2, sql: "INSERT INTO a VALUES (1)"),
    ]

    func testRunningTwiceAppliesEachMigrationOnce() throws {
        let connection = try connect()

        XCTAssertEqual(try PostgresMigrator(migrations).apply(on: connection), [1, 2])
        XCTAssertEqual(try PostgresMigrator(migrations).apply(on: connection), [])

        XCTAssertEqual(try connection.query("SELECT version FROM schema_migrations ORDER BY version").map { try $0.int(0) }, [1, 2])
        XCTAssertEqual(try connection.queryFirst("SELECT count(*) FROM a")?.int(0), 1)
    }

    func testTwoProcessesMigratingAtOnceApplyEachMigrationOnce() throws {
        // Hold the migration lock so both migrators are provably waiting on it, then let go:
        // they race for real, and the lock must make one of them apply and the other skip.
        let holder = try connect()
        try holder.execute("SELECT pg_advisory_lock($1)", params: [.integer(PostgresMigrator.defaultLockKey)])
        let results = Mutex<[Result<[Int], any Error>]>([])
        let finished = expectation(description: "both migrators returned")
        finished.expectedFulfillmentCount = 2
        for _ in 0..<2 {
            let connection = try connect()
            Thread.detachNewThread { [migrations] in
                let result = Result { try PostgresMigrator(migrations).apply(on: connection) }
                results.withLock { $0.append(result) }
                finished.fulfill()
            }
        }
        try waitUntilBlocking("both migrators wait for the lock") {
            try holder.queryFirst(
                "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND NOT granted AND database = (SELECT oid FROM pg_database WHERE datname = current_database())"
            )?.int(0) == 2
        }
        try holder.execute("SELECT pg_advisory_unlock($1)", params: [.integer(PostgresMigrator.defaultLockKey)])
        wait(for: [finished], timeout: 30)

        let applied = try results.withLock { try $0.map { try $0.get() } }
        XCTAssertEqual(applied.flatMap { $0 }.sorted(), [1, 2], "each version applied by exactly one of them")
        XCTAssertEqual(try holder.queryFirst("SELECT count(*) FROM a")?.int(0), 1)
        XCTAssertEqual(try holder.query("SELECT version FROM schema_migrations ORDER BY version").map { try $0.int(0) }, [1, 2])
    }

    func testAFailingMigrationKeepsTheVersionsBeforeItAndIsRetriedNextTime() throws {
        let connection = try connect()
        let broken = migrations + [PostgresMigration(version: 3, sql: "INSERT INTO a VALUES (3); INSERT INTO missing VALUES (1)")]

        XCTAssertThrowsError(try PostgresMigrator(broken).apply(on: connection)) { error in
            XCTAssertEqual((error as? PostgresError)?.code, PostgresError.undefinedTable)
        }
        XCTAssertEqual(try connection.query("SELECT version FROM schema_migrations ORDER BY version").map { try $0.int(0) }, [1, 2])
        XCTAssertEqual(try connection.queryFirst("SELECT count(*) FROM a")?.int(0), 1, "version 3's first insert rolled back")

        let fixed = migrations + [PostgresMigration(version: 3, sql: "INSERT INTO a VALUES (3)")]
        XCTAssertEqual(try PostgresMigrator(fixed).apply(on: connection), [3])
    }

    func testADatabaseNewerThanTheKnownMigrationsIsRefused() throws {
        let connection = try connect()
        try PostgresMigrator(migrations).apply(on: connection)

        XCTAssertThrowsError(try PostgresMigrator(Array(migrations.prefix(1))).apply(on: connection)) { error in
            XCTAssertEqual(error as? PostgresMigrationError, .databaseIsNewer(databaseVersion: 2, latestKnown: 1))
        }
    }

    func testMigratingThroughAPool() throws {
        let pool = try PostgresPool(url: databaseURL, size: 2)

        XCTAssertEqual(try PostgresMigrator(migrations).apply(on: pool), [1, 2])
        XCTAssertEqual(try pool.query("SELECT count(*) FROM a").first?.int(0), 1)
    }
}
