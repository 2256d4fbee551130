import CSQLite

/// One open SQLite connection with its prepared-statement cache.
///
/// Not `Sendable`: reach it only through `Database`, which hands it out under its lock
/// (`transaction`, `withConnection`) so one thread uses it at a time.
public final class SQLiteConnection {
    private let handle: OpaquePointer
    private var statements: [String: PreparedStatement] = [:]
    private var isClosed = false

    /// Bounds the cache for callers that build SQL text dynamically; the fixed statements
    /// of the stores stay far below it.
    private static let statementCacheLimit = 128

    init(path: String) throws {
        var connection: OpaquePointer?
        // NOMUTEX: `Database` serialises every use, so SQLite's own mutex would be redundant.
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
        let code = sqlite3_open_v2(path, &connection, flags, nil)
        guard code == SQLITE_OK, let connection else {
            let error = SQLiteError(connection: connection, code: code, sql: nil)
            sqlite3_close_v2(connection)
            throw error
        }
        handle = connection
        sqlite3_extended_result_codes(connection, 1)
    }

    deinit {
        close()
    }

    /// Finalizes the statements and closes the file now, for an owner that must know the file
    /// is closed when it returns (a thread's closure can outlive the thread's work). Nothing
    /// may use the connection afterwards.
    func close() {
        guard !isClosed else { return }
        isClosed = true
        statements.removeAll()  // finalize before closing
        sqlite3_close_v2(handle)
    }

    /// Runs one or more `;`-separated statements without parameters (schema scripts, pragmas).
    public func execute(_ sql: String) throws {
        var errorMessage: UnsafeMutablePointer<CChar>?
        let code = sqlite3_exec(handle, sql, nil, nil, &errorMessage)
        guard code == SQLITE_OK else {
            let message = errorMessage.map { String(cString: $0) } ?? String(cString: sqlite3_errstr(code))
            sqlite3_free(errorMessage)
            throw SQLiteError(code: code & 0xFF, extendedCode: code, message: message, sql: sql)
        }
    }

    /// Runs one statement, binding `parameters` to its `?` placeholders in order, and
    /// returns every row it produces.
    public func query(_ sql: String, _ parameters: [SQLiteValue] = []) throws -> [Row] {
        try statement(for: sql).rows(parameters)
    }

    /// Runs one statement for its effect; returns how many rows it changed.
    @discardableResult
    public func run(_ sql: String, _ parameters: [SQLiteValue] = []) throws -> Int {
        _ = try statement(for: sql).rows(parameters)
        return changes
    }

    /// The rowid of the most recent successful INSERT on this connection.
    public var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    /// Rows changed by the most recent INSERT, UPDATE or DELETE on this connection.
    public var changes: Int { Int(sqlite3_changes(handle)) }

    /// Runs `body` between the statements `begin` and `end` (a transaction or a savepoint); if
    /// either `body` or `end` throws, runs `undo` and rethrows. `undo`'s own error is secondary
    /// to the one that got us there (a failed COMMIT can leave the transaction open: ROLLBACK
    /// then closes it).
    func bracketed<T>(begin: String, end: String, undo: String, _ body: () throws -> T) throws -> T {
        try execute(begin)
        do {
            let result = try body()
            try execute(end)
            return result
        } catch {
            try? execute(undo)
            throw error
        }
    }

    func setBusyTimeout(milliseconds: Int32) {
        sqlite3_busy_timeout(handle, milliseconds)
    }

    private func statement(for sql: String) throws -> PreparedStatement {
        if let cached = statements[sql] { return cached }
        let prepared = try PreparedStatement(sql: sql, connection: handle)
        if statements.count >= Self.statementCacheLimit { statements.removeAll() }
        statements[sql] = prepared
        return prepared
    }
}
