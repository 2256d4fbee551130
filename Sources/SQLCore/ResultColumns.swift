/// A value a result column holds, as the row reading it sees it: each is nil unless the
/// value is of that kind.
public protocol ColumnValue: Equatable, ExpressibleByNilLiteral, Sendable {
    var integerValue: Int64? { get }
    var realValue: Double? { get }
    var textValue: String? { get }
}

extension ColumnValue {
    var isNull: Bool { self == nil }

    /// A real, or an integer widened (SQLite keeps whole numbers of REAL columns as integers;
    /// PostgreSQL's `SELECT 1` is an integer).
    var doubleValue: Double? { realValue ?? integerValue.map(Double.init) }
}

/// One result row read by column index: SQLite's `Row` and PostgreSQL's `PostgresRow` both
/// are, so a decoding written once (the stores' records) reads either.
public protocol ResultColumns {
    associatedtype Value: ColumnValue
    var values: [Value] { get }
    /// The backend's error for a column that does not hold what was expected.
    func columnError(_ column: Int, expected: String) -> any Error
}

extension ResultColumns {
    /// What `columnError` says: the column (with its name, where the result has names), what
    /// it holds and what was expected.
    public func mismatchMessage(_ column: Int, named name: String? = nil, expected: String) -> String {
        "column \(column)\(name.map { " (\($0))" } ?? "") holds \(values[column]), expected \(expected)"
    }

    public func isNull(_ column: Int) -> Bool { values[column].isNull }

    public func int64(_ column: Int) throws -> Int64 {
        guard let value = values[column].integerValue else { throw columnError(column, expected: "integer") }
        return value
    }

    public func int(_ column: Int) throws -> Int {
        Int(try int64(column))
    }

    public func double(_ column: Int) throws -> Double {
        guard let value = values[column].doubleValue else { throw columnError(column, expected: "real") }
        return value
    }

    public func text(_ column: Int) throws -> String {
        guard let value = values[column].textValue else { throw columnError(column, expected: "text") }
        return value
    }
}
