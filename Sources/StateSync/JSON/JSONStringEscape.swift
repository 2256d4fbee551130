/// The one decoder of a JSON string's backslash escapes (RFC 8259 §7), shared by `JSONParser`
/// and PokeAPI's `JSONScanner`, so both read `\n`, `\u00e9` and surrogate pairs alike.
public enum JSONStringEscape {
    /// Decodes the escape whose backslash is at `position`, appends it to `decoded` as UTF-8
    /// and moves `position` past it. A `\u` high surrogate must be followed by a `\u` low one.
    /// Errors are at the backslash, except a bad hex digit, which is where the digit is.
    public static func decode(
        _ input: UnsafeBufferPointer<UInt8>, at position: inout Int, into decoded: inout [UInt8]
    ) throws(JSONParseError) {
        var reader = Reader(input: input, position: position)
        try reader.decode(into: &decoded)
        position = reader.position
    }

    /// A byte as an error message shows it: itself when printable ASCII, else `\xNN`.
    public static func describe(_ byte: UInt8) -> String {
        (0x20..<0x7F).contains(byte) ? String(UnicodeScalar(byte)) : "\\x" + String(byte, radix: 16)
    }

    private struct Reader {
        let input: UnsafeBufferPointer<UInt8>
        var position: Int

        func failure(_ message: String, at offset: Int? = nil) -> JSONParseError {
            JSONParseError(offset: offset ?? position, message: message)
        }

        mutating func decode(into decoded: inout [UInt8]) throws(JSONParseError) {
            let escapeStart = position
            position += 1  // the backslash
            guard position < input.count else { throw failure("unterminated escape", at: escapeStart) }
            let letter = input[position]
            position += 1
            switch letter {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): decoded.append(letter)
            case UInt8(ascii: "b"): decoded.append(0x08)
            case UInt8(ascii: "f"): decoded.append(0x0C)
            case UInt8(ascii: "n"): decoded.append(0x0A)
            case UInt8(ascii: "r"): decoded.append(0x0D)
            case UInt8(ascii: "t"): decoded.append(0x09)
            case UInt8(ascii: "u"):
                let scalar = try readUnicodeEscape(escapeStart: escapeStart)
                decoded.append(contentsOf: UTF8.encode(scalar)!)
            default: throw failure("invalid escape '\\\(JSONStringEscape.describe(letter))'", at: escapeStart)
            }
        }

        /// After `\u`: four hex digits, and for a high surrogate the `\uDC00`–`\uDFFF` that must follow.
        private mutating func readUnicodeEscape(escapeStart: Int) throws(JSONParseError) -> Unicode.Scalar {
            let unit = try readHex4()
            switch unit {
            case 0xD800...0xDBFF:
                guard position + 1 < input.count, input[position] == UInt8(ascii: "\\"), input[position + 1] == UInt8(ascii: "u")
                else { throw failure("lone high surrogate in \\u escape", at: escapeStart) }
                position += 2
                let low = try readHex4()
                guard (0xDC00...0xDFFF).contains(low) else { throw failure("lone high surrogate in \\u escape", at: escapeStart) }
                return Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))!
            case 0xDC00...0xDFFF:
                throw failure("lone low surrogate in \\u escape", at: escapeStart)
            default:
                return Unicode.Scalar(unit)!
            }
        }

        private mutating func readHex4() throws(JSONParseError) -> UInt32 {
            var value: UInt32 = 0
            for _ in 0..<4 {
                guard position < input.count, let digit = Self.hexValue(input[position]) else {
                    throw failure("expected four hex digits in \\u escape")
                }
                value = value << 4 | digit
                position += 1
            }
            return value
        }

        private static func hexValue(_ byte: UInt8) -> UInt32? {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
            default: nil
            }
        }
    }
}
