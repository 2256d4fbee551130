import SQLCore

/// One result row, read by column index. Values are copied out of SQLite when the row is
/// stepped, so a row outlives its statement and can cross threads.
public struct Row: ResultColumns, Equatable, Sendable {
    public var values: [SQLiteValue]

    public init(_ values: [SQLiteValue]) {
        self.values = values
    }

    public subscript(column: Int) -> SQLiteValue { values[column] }

    public func bool(_ column: Int) throws -> Bool {
        try int64(column) != 0
    }

    public func blob(_ column: Int) throws -> [UInt8] {
        guard case let .blob(value) = values[column] else { throw columnError(column, expected: "blob") }
        return value
    }

    public func columnError(_ column: Int, expected: String) -> any Error {
        SQLiteError(code: SQLiteError.mismatch, message: mismatchMessage(column, expected: expected))
    }
}

/// What a row reads from each value.
extension SQLiteValue: ColumnValue {
    public var integerValue: Int64? { if case let .integer(value) = self { value } else { nil } }
    public var realValue: Double? { if case let .real(value) = self { value } else { nil } }
    public var textValue: String? { if case let .text(value) = self { value } else { nil } }
}
