/// Room for a patch frame's bytes, counted before it is written so that its buffer is allocated
/// once: the envelope's and the ack's at their longest, each operation's members and path, and
/// its value's length where it is known without a walk (a scalar's, the bytes an
/// `EncodedJSONReader` remembers for a detail or a page of rows), a guess otherwise. A guess
/// short of the frame only grows the buffer, as a fixed room did for every large frame.
enum PatchFrameLength {
    /// `{"type":"patch","seq":` and `,"ops":[]` and `,"ack":` and `,"key":""` and `}`, with
    /// room for the seq's and the ack's digits.
    private static let envelope = 22 + 20 + 9 + 7 + 20 + 9 + 1
    /// `{"op":"replace","path":""` and `,"value":` and `}` and a comma, at their longest.
    private static let operationMembers = 26 + 9 + 1 + 1
    /// The guess for a container whose length is not known without a walk.
    private static let unknownContainer = 256

    static func room(for operations: [PatchOperation], key: String?, reusing encodings: EncodedJSONReader?) -> Int {
        var length = envelope + (key?.utf8.count ?? 0)
        for operation in operations {
            length += operationMembers + operation.path.utf8.count
            switch operation {
            case .add(_, let value), .replace(_, let value), .test(_, let value): length += self.length(of: value, encodings)
            case .remove: break
            }
        }
        return length
    }

    private static func length(of value: JSONValue, _ encodings: EncodedJSONReader?) -> Int {
        switch value {
        case .null, .bool: 5
        case .int(let number): JSONSize.digitCount(number)
        case .double: 24
        // Escapes aside: a rare escape only grows the buffer.
        case .string(let text): text.utf8.count + 2
        case .array, .object: encodings?.rememberedLength(of: value) ?? unknownContainer
        }
    }
}
