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
        // Nested switches rather than a switch over a tuple, which would copy both payloads.
        switch lhs {
        case .null: if case .null = rhs { true } else { false }
        case .bool(let a): if case .bool(let b) = rhs { a == b } else { false }
        case .int(let a): if case .int(let b) = rhs { a == b } else { false }
        case .double(let a): if case .double(let b) = rhs { a == b } else { false }
        case .string(let a): if case .string(let b) = rhs { a == b } else { false }
        case .array(let a): if case .array(let b) = rhs { a.sharesStorage(with: b) || a == b } else { false }
        case .object(let a): if case .object(let b) = rhs { a == b } else { false }
        }
    }

    /// True for arrays and objects.
    var isContainer: Bool {
        switch self {
        case .array, .object: true
        default: false
        }
    }
}

extension Array {
    /// The address of the buffer of a non-empty array (nil when empty): two arrays with the same
    /// address share their storage.
    var storageAddress: UnsafeRawPointer? {
        isEmpty ? nil : withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
    }

    /// True when both arrays are the same buffer (so equal without comparing elements).
    func sharesStorage(with other: [Element]) -> Bool {
        guard count == other.count, !isEmpty else { return false }
        return withUnsafeBufferPointer { mine in
            other.withUnsafeBufferPointer { theirs in mine.baseAddress == theirs.baseAddress }
        }
    }
}
