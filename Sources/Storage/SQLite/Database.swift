import Foundation
import SQLCore
import Synchronization

/// The one door to SQLite: a connection to a file (or `:memory:`), safe to share.
///
/// Every call takes the connection's lock, so calls from many tasks run one at a time on
/// this connection. A file database also keeps a second, read-only connection for `query`:
/// in WAL mode it reads the last committed state while the first one writes, so reads (every
/// connect loads the user's lists) do not queue behind writes (a new user's rows). Writers
/// wait for each other up to the busy timeout.
public final class Database: Sendable {
    /// How hard SQLite works to get a commit onto stable storage.
    public enum Synchronous: String, Sendable {
        /// In WAL mode a commit is written to the WAL file before `COMMIT` returns, so it
        /// survives the process being killed (SIGKILL, crash); only a power loss or OS crash
        /// may roll back the last commits. The default: that is the durability favorites need
        /// (committed before acknowledged, surviving a killed server).
        case normal = "NORMAL"
        /// Also fsyncs the WAL on every commit: survives power loss, at the cost of an fsync
        /// per transaction.
        case full = "FULL"
    }

    public static let inMemoryPath = ":memory:"

    private let writer: WriterConnection
    /// Nil for `:memory:`, where a second connection would open a second, empty database.
    private let reader: Mutex<SQLiteConnection?>
    /// Checkpoints a file database off the commit path (nil for `:memory:`).
    private let checkpointer: WALCheckpointer?
    /// Runs `batchedTransaction`s, several to a commit (internal for tests).
    let groupCommit: GroupCommit

    /// Opens (creating it and its parent directories if needed) the database at `path`,
    /// configures it and applies `migrations` that the file has not seen yet.
    public init(
        path: String,
        synchronous: Synchronous = .normal,
        busyTimeout: Duration = .seconds(5),
        migrations: [Migration] = []
    ) throws {
        if path != Self.inMemoryPath {
            let directory = URL(fileURLWithPath: path).deletingLastPathComponent()
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        }
        func open() throws -> SQLiteConnection {
            let opened = try SQLiteConnection(path: path)
            opened.setBusyTimeout(milliseconds: Int32(busyTimeout / .milliseconds(1)))
            // journal_mode answers with a row, so it goes through `query`; `:memory:` says "memory".
            _ = try opened.query("PRAGMA journal_mode = WAL")
            // Statement journals (a savepoint per grouped write, see `GroupCommit`) stay in memory:
            // as temporary files they cost a write of every page a statement touched.
            try opened.execute("PRAGMA foreign_keys = ON; PRAGMA synchronous = \(synchronous.rawValue); PRAGMA temp_store = MEMORY")
            return opened
        }
        let writing = try open()
        if path != Self.inMemoryPath {
            // Checkpoints happen on the checkpointer's thread, not inside a commit.
            try writing.execute("PRAGMA wal_autocheckpoint = 0")
        }
        let writer = WriterConnection(writing)
        self.writer = writer
        if path == Self.inMemoryPath {
            reader = Mutex(nil)
            checkpointer = nil
        } else {
            let reading = try open()
            try reading.execute("PRAGMA query_only = ON")
            reader = Mutex(reading)
            checkpointer = try WALCheckpointer(path: path, writer: writer)
        }
        // Last: from here on a throw still runs `deinit`, which stops both threads.
        groupCommit = GroupCommit(writer: writer)
        try Migrator(migrations).apply(to: self)
    }

    /// Returns with every connection closed, so the file is complete (the last close
    /// checkpoints the WAL and removes it) and can be moved or deleted at once. The threads'
    /// closures still hold the writer for a moment after the threads end: it is closed here
    /// rather than when the last of them lets go.
    deinit {
        groupCommit.stop()
        checkpointer?.stop()
        reader.withLock { $0?.close() }
        writer.close()
    }

    /// Runs one or more `;`-separated statements without parameters.
    public func execute(_ sql: String) throws {
        try withConnection { try $0.execute(sql) }
    }

    /// Runs one read-only statement with positional parameters and returns its rows, as of the
    /// last commit (a transaction still open on another task is not seen).
    public func query(_ sql: String, _ parameters: [SQLiteValue] = []) throws -> [Row] {
        let rows = try reader.withLock { reader in try reader.map { try $0.query(sql, parameters) } }
        return try rows ?? withConnection { try $0.query(sql, parameters) }
    }

    /// Runs one statement with positional parameters; returns how many rows it changed.
    @discardableResult
    public func run(_ sql: String, _ parameters: [SQLiteValue] = []) throws -> Int {
        try withConnection { try $0.run(sql, parameters) }
    }

    /// Of the last statement any task ran here: read these inside `withConnection` or
    /// `transaction` when other tasks share this `Database`.
    public var lastInsertRowID: Int64 { withConnection { $0.lastInsertRowID } }
    public var changes: Int { withConnection { $0.changes } }

    /// Runs `body` with the connection held exclusively, without a transaction.
    public func withConnection<T: Sendable>(_ body: (SQLiteConnection) throws -> T) rethrows -> T {
        try writer.withLock { try body($0) }
    }

    /// Runs `body` in `BEGIN IMMEDIATE … COMMIT`, rolling back if it throws. IMMEDIATE takes
    /// the write lock up front, so a read-then-write transaction cannot fail half-way with
    /// SQLITE_BUSY when another connection writes.
    @discardableResult
    public func transaction<T: Sendable>(_ body: (SQLiteConnection) throws -> T) throws -> T {
        try withConnection { connection in
            try connection.bracketed(begin: "BEGIN IMMEDIATE", end: "COMMIT", undo: "ROLLBACK") { try body(connection) }
        }
    }

    /// Runs `body` in a transaction shared with the other writes queued meanwhile (see
    /// `GroupCommit`), rolling back only `body`'s changes if it throws; returns once committed.
    /// For writes that come in bursts from many tasks, like new users connecting.
    public func batchedTransaction<T: Sendable>(_ body: @escaping @Sendable (SQLiteConnection) throws -> T) async throws -> T {
        try await groupCommit.write(body)
    }
}
