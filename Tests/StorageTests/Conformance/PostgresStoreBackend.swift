import Foundation
import PostgresStorage
import PostgresTesting

/// PostgreSQL: a fresh database per test, on the server `POKEDEX_TEST_POSTGRES_URL` names or
/// on a cluster `TestDatabase` starts once for the test process.
final class PostgresStoreBackend: StoreBackend {
    static let name = "PostgreSQL"
    private let database: TestDatabase
    /// How many storages were opened, to give each its own origin.
    private var opened = 0

    init() throws {
        database = try TestDatabase.create()
    }

    func openStores() throws -> Stores {
        opened += 1
        let storage = try PostgresStorage(url: database.url, origin: "store-test-\(opened)", poolSize: 4)
        return Stores(users: storage.users, lists: storage.lists, sessions: storage.sessions)
    }

    func count(_ table: String) throws -> Int {
        try database.query("SELECT count(*) FROM \(table)")[0].int(0)
    }

    func storedValues(_ column: String, of table: String) throws -> [String] {
        try database.query("SELECT \(column) FROM \(table)").map { try $0.text(0) }
    }

    func remove() {
        // FORCE ends the sessions of pools the test still holds.
        database.drop()
    }
}
