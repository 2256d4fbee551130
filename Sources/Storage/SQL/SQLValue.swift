/// A parameter of a statement written once for both databases; each executor turns it into
/// its own database's value.
public enum SQLValue: Equatable, Sendable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)

    /// An `Int`, as the 64-bit integer both databases store.
    public static func int(_ value: Int) -> SQLValue { .integer(Int64(value)) }

    /// The value in a backend's own type, built by the case's constructor there.
    public func encoded<Value>(
        null: Value, integer: (Int64) -> Value, real: (Double) -> Value, text: (String) -> Value
    ) -> Value {
        switch self {
        case .null: null
        case let .integer(value): integer(value)
        case let .real(value): real(value)
        case let .text(value): text(value)
        }
    }
}
