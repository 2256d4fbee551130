import SQLCore

/// One result row, read by column index (or by name through `subscript(_: String)`). Values are
/// copied out of libpq's result, so a row outlives it and can cross threads.
public struct PostgresRow: ResultColumns, Equatable, Sendable {
    public var values: [PostgresValue]
    /// The result's column names, in order (shared by every row of a result).
    public var columns: [String]

    public init(_ values: [PostgresValue], columns: [String]) {
        self.values = values
        self.columns = columns
    }

    public subscript(column: Int) -> PostgresValue { values[column] }

    /// The value of the first column named `name`, nil when there is none.
    public subscript(name: String) -> PostgresValue? {
        columns.firstIndex(of: name).map { values[$0] }
    }

    public func bool(_ column: Int) throws -> Bool {
        guard case let .bool(value) = values[column] else { throw columnError(column, expected: "bool") }
        return value
    }

    public func bytea(_ column: Int) throws -> [UInt8] {
        guard case let .bytea(value) = values[column] else { throw columnError(column, expected: "bytea") }
        return value
    }

    public func columnError(_ column: Int, expected: String) -> any Error {
        let name = column < columns.count ? columns[column] : nil
        return PostgresError(code: PostgresError.datatypeMismatch, message: mismatchMessage(column, named: name, expected: expected))
    }
}

/// What a row reads from each value.
extension PostgresValue: ColumnValue {
    public var integerValue: Int64? { if case let .integer(value) = self { value } else { nil } }
    public var realValue: Double? { if case let .double(value) = self { value } else { nil } }
    public var textValue: String? { if case let .text(value) = self { value } else { nil } }
}

/// What one statement returned: its rows (the result is a collection of them) and, for
/// INSERT/UPDATE/DELETE, how many rows it touched.
public struct PostgresResult: RandomAccessCollection, Equatable, Sendable {
    public var rows: [PostgresRow]
    public var columns: [String]
    /// Rows inserted, updated, deleted, selected…, from the command tag; 0 for other commands.
    public var affectedRows: Int
    /// The command tag, e.g. `INSERT 0 1`, `UPDATE 3`, `COMMIT`, `ROLLBACK`.
    public var command: String

    public init(rows: [PostgresRow], columns: [String], affectedRows: Int, command: String) {
        self.rows = rows
        self.columns = columns
        self.affectedRows = affectedRows
        self.command = command
    }

    public var startIndex: Int { rows.startIndex }
    public var endIndex: Int { rows.endIndex }
    public subscript(position: Int) -> PostgresRow { rows[position] }
}
