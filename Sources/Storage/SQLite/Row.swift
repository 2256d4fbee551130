/// One result row, read by column index. Values are copied out of SQLite when the row is
/// stepped, so a row outlives its statement and can cross threads.
public struct Row: Equatable, Sendable {
    public var values: [SQLiteValue]

    public init(_ values: [SQLiteValue]) {
        self.values = values
    }

    public subscript(column: Int) -> SQLiteValue { values[column] }

    public func isNull(_ column: Int) -> Bool { values[column] == .null }

    public func int64(_ column: Int) throws -> Int64 {
        guard case let .integer(value) = values[column] else { throw mismatch(column, "integer") }
        return value
    }

    public func int(_ column: Int) throws -> Int {
        Int(try int64(column))
    }

    public func bool(_ column: Int) throws -> Bool {
        try int64(column) != 0
    }

    /// Integers are widened, as SQLite does for REAL-affinity columns holding whole numbers.
    public func double(_ column: Int) throws -> Double {
        switch values[column] {
        case let .real(value): return value
        case let .integer(value): return Double(value)
        default: throw mismatch(column, "real")
        }
    }

    public func text(_ column: Int) throws -> String {
        guard case let .text(value) = values[column] else { throw mismatch(column, "text") }
        return value
    }

    public func blob(_ column: Int) throws -> [UInt8] {
        guard case let .blob(value) = values[column] else { throw mismatch(column, "blob") }
        return value
    }

    func mismatch(_ column: Int, _ expected: String) -> SQLiteError {
        SQLiteError(
            code: SQLiteError.mismatch,
            message: "column \(column) holds \(values[column]), expected \(expected)"
        )
    }
}
