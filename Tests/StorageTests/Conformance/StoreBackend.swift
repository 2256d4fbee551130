import Storage

/// One backend's stores, opened on the database the current test owns.
struct Stores: Sendable {
    var users: any UserStore
    var lists: any ListStore
    var sessions: any SessionStore
}

/// A fresh, empty database of one backend, owned by one test of `StoreConformanceTests`.
protocol StoreBackend: AnyObject {
    /// How failures on this backend are labelled.
    static var name: String { get }
    /// Creates the database.
    init() throws
    /// New stores on the database: each call a handle of its own, as a second process (or a
    /// second connection pool) would open it.
    func openStores() throws -> Stores
    /// How many rows `table` has.
    func count(_ table: String) throws -> Int
    /// Every value of the text column `column` of `table`.
    func storedValues(_ column: String, of table: String) throws -> [String]
    /// Closes what was opened and deletes the database.
    func remove()
}
