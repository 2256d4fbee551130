extension ServerMessage {
    /// Decodes a server frame (for the load-test client and tests); anything unexpected is `bad_message`.
    public static func parse(_ frame: [UInt8]) throws(ProtocolError) -> ServerMessage {
        let json = try JSONValue.parsing(frame: frame)
        guard let object = json.objectValue, let type = object["type"]?.stringValue else {
            throw ProtocolError(.badMessage, "A message must be an object with a string 'type'.")
        }
        let fields = FieldReader(object: object) { ProtocolError(.badMessage, "In '\(type)', \($0).") }
        switch type {
        case "welcome":
            return .welcome(session: try fields.required("session", "a string", \.stringValue),
                            user: try fields.optional("user", "an object") { $0.objectValue.map(JSONValue.object) },
                            token: try fields.optional("token", "a string", \.stringValue))
        case "snapshot":
            return .snapshot(seq: try fields.required("seq", "an integer", \.intValue),
                             state: try fields.required("state", "a value") { $0 })
        case "patch":
            let ops = try fields.required("ops", "an array", \.arrayValue)
            return .patch(seq: try fields.required("seq", "an integer", \.intValue),
                          ops: try decode(ops, failure: fields.failure),
                          ack: try fields.optional("ack", "an integer", \.intValue),
                          key: try fields.optional("key", "a string", \.stringValue))
        case "ack":
            return .ack(ref: try fields.required("ref", "an integer", \.intValue), key: try fields.optional("key", "a string", \.stringValue))
        case "error":
            let code = try fields.required("code", "a protocol error code") { $0.stringValue.flatMap(ProtocolError.Code.init) }
            return .error(ref: try fields.nullable("ref", "an integer", \.intValue),
                          code: code,
                          message: try fields.required("message", "a string", \.stringValue))
        default:
            throw ProtocolError(.badMessage, "Unknown message type '\(type)'.")
        }
    }

    private static func decode(_ ops: [JSONValue], failure: (String) -> ProtocolError) throws(ProtocolError) -> [PatchOperation] {
        var decoded: [PatchOperation] = []
        for op in ops {
            do {
                decoded.append(try PatchOperation(json: op))
            } catch {
                throw failure("an op is invalid: \(error)")
            }
        }
        return decoded
    }
}
