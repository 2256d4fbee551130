/// The stores' statements on a SQLite `Database`: single reads on its read connection, the
/// rest on its writer (held for the call, so reads on it see one commit).
public struct SQLiteExecutor: SQLExecutor {
    public let database: Database

    public init(database: Database) {
        self.database = database
    }

    public var dialect: SQLDialect { .sqlite }

    public func query(_ sql: String, _ parameters: [SQLValue]) throws -> [Row] {
        try database.query(sql, parameters.map(\.sqlite))
    }

    public func withConnection<T: Sendable>(_ body: (SQLiteStoreConnection) throws -> T) throws -> T {
        try database.withConnection { try body(SQLiteStoreConnection(connection: $0)) }
    }

    public func consistentRead<T: Sendable>(_ body: (SQLiteStoreConnection) throws -> T) throws -> T {
        try withConnection(body)
    }

    public func transaction<T: Sendable>(_ body: (SQLiteStoreConnection) throws -> T) throws -> T {
        try database.transaction { try body(SQLiteStoreConnection(connection: $0)) }
    }
}

/// A `SQLiteConnection` running the stores' statements.
public struct SQLiteStoreConnection: SQLConnection {
    let connection: SQLiteConnection

    public var dialect: SQLDialect { .sqlite }

    public func query(_ sql: String, _ parameters: [SQLValue]) throws -> [Row] {
        try connection.query(sql, parameters.map(\.sqlite))
    }

    @discardableResult
    public func run(_ sql: String, _ parameters: [SQLValue]) throws -> Int {
        try connection.run(sql, parameters.map(\.sqlite))
    }
}

extension SQLValue {
    var sqlite: SQLiteValue { encoded(null: .null, integer: SQLiteValue.integer, real: SQLiteValue.real, text: SQLiteValue.text) }
}
