/// A JSON document. Objects keep their key order so output is deterministic.
///
/// Integers and doubles are distinct cases: `1` parses as `.int(1)` and `1.0` as `.double(1)`,
/// and the serializer writes them back the same way.
public enum JSONValue: Sendable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)
}

extension JSONValue: Equatable {
    /// Structural equality; object key order does not matter (as in JSON itself).
    /// Arrays and objects sharing storage compare equal without visiting their elements.
    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case let (.bool(a), .bool(b)): a == b
        case let (.int(a), .int(b)): a == b
        case let (.double(a), .double(b)): a == b
        case let (.string(a), .string(b)): a == b
        case let (.array(a), .array(b)): a.sharesStorage(with: b) || a == b
        case let (.object(a), .object(b)): a == b
        default: false
        }
    }
}

extension Array {
    /// True when both arrays are the same buffer (so equal without comparing elements).
    func sharesStorage(with other: [Element]) -> Bool {
        guard count == other.count, !isEmpty else { return false }
        return withUnsafeBufferPointer { mine in
            other.withUnsafeBufferPointer { theirs in mine.baseAddress == theirs.baseAddress }
        }
    }
}
