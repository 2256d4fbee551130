/// A failure reported by PostgreSQL, or by the wrapper in PostgreSQL's terms.
///
/// `code` is always a five-character SQLSTATE, so callers branch on one field: the server's own
/// code when it sent one (`23505` for a unique violation), otherwise the standard code for what
/// the wrapper saw (`08001` could not connect, `08006` the connection broke, `42804` a column
/// read as the wrong type). See https://www.postgresql.org/docs/15/errcodes-appendix.html.
public struct PostgresError: Error, Equatable, Sendable, CustomStringConvertible {
    public var code: String
    /// The primary message, e.g. `duplicate key value violates unique constraint "users_name_key"`.
    public var message: String
    /// The server's detail line, e.g. `Key (name)=(ash) already exists.`
    public var detail: String?
    /// The constraint that was violated, for integrity errors (class 23).
    public var constraint: String?
    /// The statement that failed, when there was one.
    public var sql: String?

    public init(code: String, message: String, detail: String? = nil, constraint: String? = nil, sql: String? = nil) {
        self.code = code
        self.message = message
        self.detail = detail
        self.constraint = constraint
        self.sql = sql
    }

    public var isUniqueViolation: Bool { code == Self.uniqueViolation }
    public var isForeignKeyViolation: Bool { code == Self.foreignKeyViolation }
    /// Class 23: unique, foreign key, not-null, check and exclusion violations.
    public var isIntegrityViolation: Bool { code.hasPrefix("23") }
    /// A transaction that lost a race and may succeed if run again (see `retryingTransaction`).
    public var isSerializationFailure: Bool { code == Self.serializationFailure || code == Self.deadlockDetected }
    /// Class 08, and the server shutting down (57P01–57P03): reconnecting may help.
    public var isConnectionFailure: Bool {
        code.hasPrefix("08") || code == Self.adminShutdown || code == Self.crashShutdown || code == Self.cannotConnectNow
    }

    public var description: String {
        var text = "PostgreSQL error \(code): \(message)"
        if let detail { text += " (\(detail))" }
        if let sql { text += " in `\(sql)`" }
        return text
    }

    // The SQLSTATEs callers and the wrapper name.
    public static let uniqueViolation = "23505"
    public static let foreignKeyViolation = "23503"
    public static let notNullViolation = "23502"
    public static let checkViolation = "23514"
    public static let serializationFailure = "40001"
    public static let deadlockDetected = "40P01"
    public static let unableToConnect = "08001"
    public static let connectionFailure = "08006"
    public static let adminShutdown = "57P01"
    public static let crashShutdown = "57P02"
    public static let cannotConnectNow = "57P03"
    public static let datatypeMismatch = "42804"
    public static let undefinedTable = "42P01"
    public static let activeTransaction = "25001"
    public static let inFailedTransaction = "25P02"
    public static let invalidParameterValue = "22023"
    public static let characterNotInRepertoire = "22021"
    public static let internalError = "XX000"
    /// The wrapper's pool had no free connection within its checkout timeout.
    public static let tooManyConnections = "53300"
}
