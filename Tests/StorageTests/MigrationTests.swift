import XCTest
import SQLCore
@testable import Storage

final class MigrationTests: XCTestCase {
    private let migrations = [
        Migration(version: 1, sql: "CREATE TABLE a (v INTEGER)"),
        Migration(version: 2, sql: "INSERT INTO a VALUES (1)"),
    ]

    func testOpeningTwiceAppliesEachMigrationOnce() throws {
        let path = try makeTemporaryDirectory(for: self).appendingPathComponent("m.sqlite").path

        _ = try Database(path: path, migrations: migrations)
        let reopened = try Database(path: path, migrations: migrations)

        XCTAssertEqual(try reopened.query("PRAGMA user_version")[0].int(0), 2)
        XCTAssertEqual(try reopened.query("SELECT count(*) FROM a")[0].int(0), 1)
    }

    func testNewMigrationsApplyOnTopOfAnOlderFile() throws {
        let path = try makeTemporaryDirectory(for: self).appendingPathComponent("m.sqlite").path
        _ = try Database(path: path, migrations: Array(migrations.prefix(1)))

        let upgraded = try Database(path: path, migrations: migrations)

        XCTAssertEqual(try upgraded.query("SELECT count(*) FROM a")[0].int(0), 1)
    }

    func testFailingMigrationRollsBackEverythingPendingAndKeepsTheVersion() throws {
        let path = try makeTemporaryDirectory(for: self).appendingPathComponent("m.sqlite").path
        _ = try Database(path: path, migrations: Array(migrations.prefix(1)))
        let broken = migrations + [Migration(version: 3, sql: "INSERT INTO missing_table VALUES (1)")]

        XCTAssertThrowsError(try Database(path: path, migrations: broken)) { error in
            XCTAssertEqual((error as? SQLiteError)?.sql, "INSERT INTO missing_table VALUES (1)")
        }

        let plain = try Database(path: path)
        XCTAssertEqual(try plain.query("PRAGMA user_version")[0].int(0), 1)
        XCTAssertEqual(try plain.query("SELECT count(*) FROM a")[0].int(0), 0, "version 2 must be rolled back too")
    }

    func testAFileNewerThanTheKnownMigrationsIsRefused() throws {
        let path = try makeTemporaryDirectory(for: self).appendingPathComponent("m.sqlite").path
        _ = try Database(path: path, migrations: migrations)

        XCTAssertThrowsError(try Database(path: path, migrations: Array(migrations.prefix(1)))) { error in
            XCTAssertEqual(error as? MigrationError, .databaseIsNewer(fileVersion: 2, latestKnown: 1))
        }
    }
}
