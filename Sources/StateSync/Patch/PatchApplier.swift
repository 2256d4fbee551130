/// Applies one RFC 6902 operation in place, walking the pointer's tokens down the document.
/// Containers are taken out of their enum case while being changed so they mutate without copying.
enum PatchApplier {
    static func apply(_ operation: PatchOperation, to document: inout JSONValue) throws(PatchError) {
        var tokens = try JSONPointer.Tokens(operation.path)
        if let first = try tokens.next() { return try apply(operation, at: first, then: &tokens, in: &document) }
        switch operation {
        case .add(_, let value), .replace(_, let value): document = value
        case .remove: throw PatchError(path: "", message: "cannot remove the whole document")
        case .test(_, let value): try check(document, equals: value, operation)
        }
    }

    /// Applies `operation` at `token` of `node`, or further down along the tokens `rest` holds.
    private static func apply(_ operation: PatchOperation, at token: String, then rest: inout JSONPointer.Tokens, in node: inout JSONValue) throws(PatchError) {
        // The container is taken out of `node` (left `.null`), so it holds the only reference
        // to its storage and changing it does not copy every member. (Binding it in a `switch`
        // over `node` kept the switched-on value alive, a second reference.)
        if var object = node.takeObject() {
            defer { node = .object(object) }
            guard let next = try rest.next() else { return try apply(operation, member: token, in: &object) }
            guard let position = object.position(of: token) else { throw missing(token, operation) }
            try object.modifyValue(at: position) { (child) throws(PatchError) in try apply(operation, at: next, then: &rest, in: &child) }
        } else if var elements = node.takeArray() {
            defer { node = .array(elements) }
            guard let next = try rest.next() else { return try apply(operation, element: token, in: &elements) }
            let index = try arrayIndex(token, count: elements.count, allowsEnd: false, operation)
            try apply(operation, at: next, then: &rest, in: &elements[index])
        } else {
            throw PatchError(path: operation.path, message: "'\(token)' goes through a value that is not an object or array")
        }
    }

    private static func apply(_ operation: PatchOperation, member key: String, in object: inout JSONObject) throws(PatchError) {
        if case .add(_, let value) = operation { object[key] = value; return }
        guard let existing = object[key] else { throw missing(key, operation) }
        switch operation {
        case .add: break
        case .remove: object.removeValue(forKey: key)
        case .replace(_, let value): object[key] = value
        case .test(_, let value): try check(existing, equals: value, operation)
        }
    }

    private static func apply(_ operation: PatchOperation, element token: String, in elements: inout [JSONValue]) throws(PatchError) {
        if case .add(_, let value) = operation {
            elements.insert(value, at: try arrayIndex(token, count: elements.count, allowsEnd: true, operation))
            return
        }
        let index = try arrayIndex(token, count: elements.count, allowsEnd: false, operation)
        switch operation {
        case .add: break
        case .remove: elements.remove(at: index)
        case .replace(_, let value): elements[index] = value
        case .test(_, let value): try check(elements[index], equals: value, operation)
        }
    }

    /// A decimal index without leading zeros, below `count` (or equal to it, or `-`, for `add`).
    private static func arrayIndex(_ token: String, count: Int, allowsEnd: Bool, _ operation: PatchOperation) throws(PatchError) -> Int {
        if token == "-", allowsEnd { return count }
        let isCanonical = token == "0" || (token.first != "0" && token.utf8.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
        guard isCanonical, let index = Int(token) else {
            throw PatchError(path: operation.path, message: "'\(token)' is not an array index")
        }
        guard index < count || (allowsEnd && index == count) else {
            throw PatchError(path: operation.path, message: "index \(index) is out of bounds (count \(count))")
        }
        return index
    }

    private static func check(_ actual: JSONValue, equals expected: JSONValue, _ operation: PatchOperation) throws(PatchError) {
        guard actual == expected else { throw PatchError(path: operation.path, message: "test failed: the value differs") }
    }

    private static func missing(_ key: String, _ operation: PatchOperation) -> PatchError {
        PatchError(path: operation.path, message: "no member '\(key)'")
    }
}

private extension JSONValue {
    /// The object this is, moved out (leaving `.null`), or nil (and unchanged) if it is not one.
    mutating func takeObject() -> JSONObject? {
        guard case .object = self else { return nil }
        return Self.objectPayload(exchange(&self, with: .null))
    }

    /// The array this is, moved out (leaving `.null`), or nil (and unchanged) if it is not one.
    mutating func takeArray() -> [JSONValue]? {
        guard case .array = self else { return nil }
        return Self.arrayPayload(exchange(&self, with: .null))
    }

    // The payload is returned after the switch ends and before `value` is destroyed, so the
    // caller ends up holding the only reference.
    private static func objectPayload(_ value: consuming JSONValue) -> JSONObject? {
        if case .object(let object) = value { return object }
        return nil
    }

    private static func arrayPayload(_ value: consuming JSONValue) -> [JSONValue]? {
        if case .array(let elements) = value { return elements }
        return nil
    }
}
