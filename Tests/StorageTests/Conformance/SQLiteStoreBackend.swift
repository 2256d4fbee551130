import Foundation
@testable import Storage

/// SQLite, the reference backend: a file of its own per test (a file, not memory, so a
/// second handle opens the same database).
final class SQLiteStoreBackend: StoreBackend {
    static let name = "SQLite"
    private let directory: URL
    private let path: String
    /// The first handle, for the row counts; each `openStores` opens another.
    private var database: Database?

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("StoreTests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        path = directory.appendingPathComponent("stores.sqlite").path
        database = try Database(path: path, migrations: StorageSchema.migrations)
    }

    func openStores() throws -> Stores {
        let database = try Database(path: path, migrations: StorageSchema.migrations)
        return Stores(
            users: SQLiteUserStore(database: database),
            lists: SQLiteListStore(database: database),
            sessions: SQLiteSessionStore(database: database)
        )
    }

    func count(_ table: String) throws -> Int {
        try opened().query("SELECT count(*) FROM \(table)")[0].int(0)
    }

    func storedValues(_ column: String, of table: String) throws -> [String] {
        try opened().query("SELECT \(column) FROM \(table)").map { try $0.text(0) }
    }

    func remove() {
        database = nil
        try? FileManager.default.removeItem(at: directory)
    }

    private func opened() throws -> Database {
        guard let database else { throw SQLiteError(code: SQLiteError.misuse, message: "the test database was removed") }
        return database
    }
}
