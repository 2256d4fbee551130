import Foundation
import SQLCore

/// One backend's way to run the stores' statements (`SQLiteExecutor`, `PostgresExecutor`):
/// single statements, a connection held for several reads, and transactions.
public protocol SQLExecutor: Sendable {
    associatedtype Connection: SQLConnection
    var dialect: SQLDialect { get }
    /// One read-only statement (SQLite reads the last commit on its read connection).
    func query(_ sql: String, _ parameters: [SQLValue]) throws -> [Connection.Row]
    /// Several reads on one connection, outside a transaction.
    func withConnection<T: Sendable>(_ body: (Connection) throws -> T) throws -> T
    /// Reads that must all see one commit (PostgreSQL: one REPEATABLE READ transaction; SQLite's
    /// writer connection sees nothing else commit while it is held).
    func consistentRead<T: Sendable>(_ body: (Connection) throws -> T) throws -> T
    /// `body` in one transaction, rolled back if it throws.
    func transaction<T: Sendable>(_ body: (Connection) throws -> T) throws -> T
}

/// A connection the stores' statements run on, inside or outside a transaction.
public protocol SQLConnection {
    associatedtype Row: ResultColumns
    var dialect: SQLDialect { get }
    /// Runs `sql` (written with `?` placeholders) and returns its rows.
    func query(_ sql: String, _ parameters: [SQLValue]) throws -> [Row]
    /// Runs `sql` for its effect; returns how many rows it changed.
    @discardableResult
    func run(_ sql: String, _ parameters: [SQLValue]) throws -> Int
    /// Tells the other processes about `event`, delivered when this transaction commits; a
    /// database no other process shares (SQLite) has no one to tell.
    func announce(_ event: StorageEvent) throws
}

extension SQLConnection {
    public func announce(_ event: StorageEvent) throws {}

    /// The first row, or nil.
    func first(_ sql: String, _ parameters: [SQLValue]) throws -> Row? {
        try query(sql, parameters).first
    }

    /// The integer in the first column of the first row (a COUNT, a seq).
    func integer(_ sql: String, _ parameters: [SQLValue]) throws -> Int {
        try query(sql, parameters)[0].int(0)
    }
}

extension SQLExecutor {
    func integer(_ sql: String, _ parameters: [SQLValue]) throws -> Int {
        try query(sql, parameters)[0].int(0)
    }
}

extension ResultColumns {
    /// The column as text, or nil for NULL.
    func optionalText(_ column: Int) throws -> String? { isNull(column) ? nil : try text(column) }
    func optionalDate(_ column: Int) throws -> Date? { isNull(column) ? nil : Date(timeIntervalSince1970: try double(column)) }
}
