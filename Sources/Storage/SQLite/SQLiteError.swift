/// A failure reported by SQLite (or by the wrapper, using SQLite's codes).
public struct SQLiteError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The primary result code, e.g. 1 (`SQLITE_ERROR`), 19 (`SQLITE_CONSTRAINT`).
    public var code: Int32
    /// The extended result code, e.g. 2067 (`SQLITE_CONSTRAINT_UNIQUE`); equals `code` when
    /// SQLite gave none.
    public var extendedCode: Int32
    public var message: String
    /// The statement that failed, when there was one.
    public var sql: String?

    public init(code: Int32, extendedCode: Int32? = nil, message: String, sql: String? = nil) {
        self.code = code
        self.extendedCode = extendedCode ?? code
        self.message = message
        self.sql = sql
    }

    public var isConstraintViolation: Bool { code == SQLiteError.constraint }

    public var description: String {
        let location = sql.map { " in `\($0)`" } ?? ""
        return "SQLite error \(extendedCode): \(message)\(location)"
    }

    // The few primary codes callers and the wrapper name (values from sqlite3.h).
    public static let error: Int32 = 1
    public static let busy: Int32 = 5
    public static let constraint: Int32 = 19
    public static let mismatch: Int32 = 20
    public static let misuse: Int32 = 21
    public static let range: Int32 = 25
}
