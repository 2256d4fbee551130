extension JSONValue {
    /// A frame's JSON, for both message parsers: malformed JSON is the protocol's `bad_json`,
    /// saying where it broke.
    static func parsing(frame: [UInt8]) throws(ProtocolError) -> JSONValue {
        try parsing(frame: frame.span)
    }

    /// `parsing(frame:)` of a frame where it lies (the server's receive buffer).
    static func parsing(frame: Span<UInt8>) throws(ProtocolError) -> JSONValue {
        do {
            return try JSONParser.parse(frame)
        } catch {
            throw ProtocolError(.badJSON, "Malformed JSON: \(error).")
        }
    }
}
