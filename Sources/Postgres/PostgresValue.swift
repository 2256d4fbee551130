/// One value sent to or read from PostgreSQL.
///
/// Parameters and results travel in PostgreSQL's text format; `PostgresConnection` turns result
/// columns into these cases by the column's type:
///
/// | column type | case |
/// |---|---|
/// | `int2`, `int4`, `int8`, `oid` | `.integer` |
/// | `bool` | `.bool` |
/// | `float4`, `float8` | `.double` (`NaN`, `Infinity` included) |
/// | `bytea` | `.bytea` |
/// | SQL `NULL` of any type | `.null` |
/// | anything else: `text`, `varchar`, `timestamptz`, `numeric`, `uuid`, `jsonb`, … | `.text`, PostgreSQL's text form |
///
/// `timestamptz` reads as text such as `2024-05-01 12:00:00.123+00`: connections run with
/// `TimeZone=UTC` and ISO dates, so the text is the same whichever process reads it.
///
/// As a parameter, `.text` is sent untyped, so PostgreSQL gives it the type the statement needs
/// (a `timestamptz` column takes `'2024-05-01T12:00:00Z'`); where nothing gives it a type, as in
/// `SELECT $1`, write a cast (`$1::text`). The other cases are sent typed (`int8`, `bool`,
/// `float8`, `bytea`), so `SELECT $1` answers with the same case.
public enum PostgresValue: Equatable, Hashable, Sendable {
    case null
    case bool(Bool)
    case integer(Int64)
    case double(Double)
    case text(String)
    case bytea([UInt8])
}

extension PostgresValue: ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral, ExpressibleByStringLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByNilLiteral
{
    public init(integerLiteral value: Int64) { self = .integer(value) }
    public init(floatLiteral value: Double) { self = .double(value) }
    public init(stringLiteral value: String) { self = .text(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(nilLiteral: ()) { self = .null }
}
