import Foundation
import Postgres
import PostgresTesting
import Storage
import XCTest
@testable import PostgresStorage

/// Users made before many tokens per user keep their token through the migration, on both
/// backends.
final class AccountMigrationTests: XCTestCase {
    func testSQLiteUsersKeepTheirTokenInTheTokensTable() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("AccountMigration-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("old.sqlite").path
        let token = RandomToken.secret()
        do {
            let old = try Database(path: path, migrations: Array(StorageSchema.migrations.prefix { $0.version < 7 }))
            _ = try old.run(
                "INSERT INTO users (id, display_name, token_hash, created_at) VALUES ('u1', 'Ash', ?, 1)",
                [.text(RandomToken.storedHash(of: token))]
            )
        }

        let users = SQLiteUserStore(database: try Database(path: path, migrations: StorageSchema.migrations))

        XCTAssertEqual(try users.user(forToken: token)?.displayName, "Ash")
    }

    func testPostgreSQLUsersKeepTheirTokenInTheTokensTable() throws {
        let database = try TestDatabase.create()
        defer { database.drop() }
        let token = RandomToken.secret()
        let pool = try PostgresPool(url: database.url, size: 1)
        _ = try PostgresMigrator(Array(PostgresSchema.migrations.prefix { $0.version < 4 })).apply(on: pool)
        _ = try pool.execute(
            "INSERT INTO users (id, display_name, token_hash, created_at) VALUES ('u1', 'Ash', $1, 1)",
            params: [.text(RandomToken.storedHash(of: token))]
        )

        let storage = try PostgresStorage(url: database.url, origin: "migration-test", poolSize: 1)

        XCTAssertEqual(try storage.users.user(forToken: token)?.displayName, "Ash")
        XCTAssertTrue(try database.query("SELECT 1 FROM information_schema.columns WHERE table_name = 'users' AND column_name = 'token_hash'").isEmpty)
    }
}
