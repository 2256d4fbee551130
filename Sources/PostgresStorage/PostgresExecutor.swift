import Postgres
import Storage

/// The stores' statements on a PostgreSQL pool (`SQLDialect.postgres`): each call on a pooled
/// connection, snapshots in one REPEATABLE READ transaction, and every write's announcement
/// (`ChangeNotice`) sent in its transaction under this process's `origin`.
public struct PostgresExecutor: SQLExecutor {
    let pool: PostgresPool
    let origin: String

    public var dialect: SQLDialect { .postgres }

    public func query(_ sql: String, _ parameters: [SQLValue]) throws -> [PostgresRow] {
        try withConnection { try $0.query(sql, parameters) }
    }

    public func withConnection<T: Sendable>(_ body: (PostgresStoreConnection) throws -> T) throws -> T {
        try pool.withConnection { try body(PostgresStoreConnection(connection: $0, origin: origin)) }
    }

    public func consistentRead<T: Sendable>(_ body: (PostgresStoreConnection) throws -> T) throws -> T {
        try pool.transaction(.repeatableRead) { try body(PostgresStoreConnection(connection: $0, origin: origin)) }
    }

    public func transaction<T: Sendable>(_ body: (PostgresStoreConnection) throws -> T) throws -> T {
        try pool.transaction { try body(PostgresStoreConnection(connection: $0, origin: origin)) }
    }
}

/// A pooled `PostgresConnection` running the stores' statements.
public struct PostgresStoreConnection: SQLConnection {
    let connection: PostgresConnection
    let origin: String

    public var dialect: SQLDialect { .postgres }

    public func query(_ sql: String, _ parameters: [SQLValue]) throws -> [PostgresRow] {
        try connection.query(dialect.statement(sql), params: parameters.map(\.postgres))
    }

    @discardableResult
    public func run(_ sql: String, _ parameters: [SQLValue]) throws -> Int {
        try connection.execute(dialect.statement(sql), params: parameters.map(\.postgres)).affectedRows
    }

    /// Announces a committed event to every process (delivered at this transaction's commit).
    public func announce(_ event: StorageEvent) throws {
        try connection.notify(channel: ChangeNotice.channel, payload: ChangeNotice.payload(event, origin: origin))
    }
}

extension SQLValue {
    var postgres: PostgresValue { encoded(null: .null, integer: PostgresValue.integer, real: PostgresValue.double, text: PostgresValue.text) }
}
