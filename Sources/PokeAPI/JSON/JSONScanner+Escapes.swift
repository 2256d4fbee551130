import StateSync

/// Strings holding escapes: the slow path of `readString`.
extension JSONScanner {
    /// The slow path for strings holding escapes; starts at the opening quote. The escapes are
    /// StateSync's `JSONStringEscape`, the one decoder the parser uses too.
    mutating func readEscapedString() throws -> String {
        index += 1
        var utf8: [UInt8] = []
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return String(decoding: utf8, as: UTF8.self)
            case UInt8(ascii: "\\"):
                try JSONStringEscape.decode(bytes, at: &index, into: &utf8)
            case 0..<0x20:
                throw error("control character in a string")
            default:
                utf8.append(byte)
                index += 1
            }
        }
        throw error("unterminated string")
    }
}
