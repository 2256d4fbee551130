import CSQLite

/// Tells SQLite to copy bound text and blobs before `bind` returns.
private let transientDestructor = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

/// One compiled statement. Owned by a `SQLiteConnection`, used only under its lock.
final class PreparedStatement {
    let sql: String
    private let handle: OpaquePointer
    private let connection: OpaquePointer

    init(sql: String, connection: OpaquePointer) throws {
        self.sql = sql
        self.connection = connection
        var statement: OpaquePointer?
        var trailingSQL = ""
        let code = sql.withCString { text in
            var tail: UnsafePointer<CChar>?
            let code = sqlite3_prepare_v3(connection, text, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, &tail)
            if let tail { trailingSQL = String(cString: tail) }
            return code
        }
        guard code == SQLITE_OK, let statement else {
            throw SQLiteError(connection: connection, code: code, sql: sql)
        }
        // query/run take exactly one statement; silently dropping the rest would hide bugs.
        // Checked before `handle` is set: once it is, a throw would also run `deinit`.
        if trailingSQL.contains(where: { !$0.isWhitespace && $0 != ";" }) {
            sqlite3_finalize(statement)
            throw SQLiteError(
                code: SQLiteError.misuse,
                message: "query/run take one statement; use execute for scripts",
                sql: sql
            )
        }
        handle = statement
    }

    deinit {
        sqlite3_finalize(handle)
    }

    /// Binds `parameters` by position, steps to the end and returns every row.
    func rows(_ parameters: [SQLiteValue]) throws -> [Row] {
        defer {
            // Resetting ends the statement's read transaction, so WAL checkpoints are not held back.
            sqlite3_reset(handle)
            sqlite3_clear_bindings(handle)
        }
        try bind(parameters)
        var rows: [Row] = []
        while true {
            let code = sqlite3_step(handle)
            switch code {
            case SQLITE_ROW: rows.append(currentRow())
            case SQLITE_DONE: return rows
            default: throw SQLiteError(connection: connection, code: code, sql: sql)
            }
        }
    }

    private func bind(_ parameters: [SQLiteValue]) throws {
        let expected = Int(sqlite3_bind_parameter_count(handle))
        guard expected == parameters.count else {
            throw SQLiteError(
                code: SQLiteError.range,
                message: "statement takes \(expected) parameters, \(parameters.count) given",
                sql: sql
            )
        }
        for (offset, value) in parameters.enumerated() {
            let index = Int32(offset + 1)
            let code: Int32
            switch value {
            case let .integer(number):
                code = sqlite3_bind_int64(handle, index, number)
            case let .real(number):
                code = sqlite3_bind_double(handle, index, number)
            case let .text(string):
                // An explicit byte length keeps text with embedded NULs whole.
                code = string.withCString { text in
                    sqlite3_bind_text(handle, index, text, Int32(string.utf8.count), transientDestructor)
                }
            case let .blob(bytes) where bytes.isEmpty:
                // An empty buffer may have no base address, which SQLite would bind as NULL.
                code = sqlite3_bind_zeroblob(handle, index, 0)
            case let .blob(bytes):
                code = bytes.withUnsafeBytes { raw in
                    sqlite3_bind_blob(handle, index, raw.baseAddress, Int32(raw.count), transientDestructor)
                }
            case .null:
                code = sqlite3_bind_null(handle, index)
            }
            guard code == SQLITE_OK else { throw SQLiteError(connection: connection, code: code, sql: sql) }
        }
    }

    private func currentRow() -> Row {
        Row((0..<sqlite3_column_count(handle)).map(columnValue))
    }

    private func columnValue(_ column: Int32) -> SQLiteValue {
        switch sqlite3_column_type(handle, column) {
        case SQLITE_INTEGER:
            return .integer(sqlite3_column_int64(handle, column))
        case SQLITE_FLOAT:
            return .real(sqlite3_column_double(handle, column))
        case SQLITE_TEXT:
            let count = Int(sqlite3_column_bytes(handle, column))
            guard let text = sqlite3_column_text(handle, column) else { return .text("") }
            return .text(String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self))
        case SQLITE_BLOB:
            let count = Int(sqlite3_column_bytes(handle, column))
            guard let bytes = sqlite3_column_blob(handle, column) else { return .blob([]) }
            return .blob(Array(UnsafeRawBufferPointer(start: bytes, count: count)))
        default:
            return .null
        }
    }
}

extension SQLiteError {
    /// The error SQLite holds for `connection` after a call returned `code`.
    init(connection: OpaquePointer?, code: Int32, sql: String?) {
        let message = connection.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(code))
        self.init(code: code & 0xFF, extendedCode: code, message: message, sql: sql)
    }
}
