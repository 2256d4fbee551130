/// One RFC 6902 operation; `path` is an escaped JSON Pointer.
public enum PatchOperation: Equatable, Sendable {
    case add(path: String, value: JSONValue)
    case remove(path: String)
    case replace(path: String, value: JSONValue)
    case test(path: String, value: JSONValue)

    public var path: String {
        switch self {
        case .add(let path, _), .remove(let path), .replace(let path, _), .test(let path, _): path
        }
    }

    /// The `op` member: `add`, `remove`, `replace` or `test`.
    public var name: String {
        switch self {
        case .add: "add"
        case .remove: "remove"
        case .replace: "replace"
        case .test: "test"
        }
    }
}

extension JSONWriter {
    /// Writes `{"op":"add","path":"/favorites/25","value":true}`; a value `encodings` holds
    /// (or, for an array, each element it holds) as its remembered bytes.
    public mutating func write(_ operation: PatchOperation, reusing encodings: EncodedJSONReader? = nil) {
        // The name and the members before the path in one piece: written as a string, the
        // name went through the escaping walk, for each operation of every patch.
        switch operation {
        case .add: raw(#"{"op":"add","path":"#)
        case .remove: raw(#"{"op":"remove","path":"#)
        case .replace: raw(#"{"op":"replace","path":"#)
        case .test: raw(#"{"op":"test","path":"#)
        }
        write(operation.path)
        switch operation {
        case .add(_, let value), .replace(_, let value), .test(_, let value):
            raw(",\"value\":")
            if let encodings, value.isContainer { encodings.write(value, into: &self) } else { write(value) }
        case .remove: break
        }
        raw("}")
    }

    /// Writes a JSON array of operations.
    public mutating func write(_ operations: [PatchOperation], reusing encodings: EncodedJSONReader? = nil) {
        raw("[")
        for (position, operation) in operations.enumerated() {
            if position > 0 { raw(",") }
            write(operation, reusing: encodings)
        }
        raw("]")
    }
}

extension PatchOperation {
    /// Decodes an operation object as received in a `patch` frame (e.g. by the load-test client).
    public init(json: JSONValue) throws(PatchError) {
        guard let object = json.objectValue else { throw PatchError(path: "", message: "an operation must be an object") }
        guard let path = object["path"]?.stringValue else { throw PatchError(path: "", message: "an operation needs a string 'path'") }
        func value() throws(PatchError) -> JSONValue {
            guard let value = object["value"] else { throw PatchError(path: path, message: "the operation needs a 'value'") }
            return value
        }
        switch object["op"]?.stringValue {
        case "add": self = .add(path: path, value: try value())
        case "remove": self = .remove(path: path)
        case "replace": self = .replace(path: path, value: try value())
        case "test": self = .test(path: path, value: try value())
        case let other: throw PatchError(path: path, message: "unsupported op '\(other ?? "missing")'")
        }
    }
}
