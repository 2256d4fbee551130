import Synchronization

/// The connection that writes a database file, behind the lock that `Database`'s calls, its
/// group commit and its checkpointer share: whoever holds the lock is the only one writing.
final class WriterConnection: Sendable {
    private let connection: Mutex<SQLiteConnection>

    init(_ connection: sending SQLiteConnection) {
        self.connection = Mutex(connection)
    }

    /// Closes the file; for `Database.deinit`, once nothing else can write.
    func close() {
        connection.withLock { $0.close() }
    }

    func withLock<T: Sendable>(_ body: (SQLiteConnection) throws -> T) rethrows -> T {
        try connection.withLock { try body($0) }
    }
}
