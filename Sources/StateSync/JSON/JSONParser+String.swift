extension JSONParser {
    /// Parses a string starting at its opening quote. Unescaped runs are copied as is (and
    /// validated as UTF-8 once at the end); `\u` escapes must pair surrogates correctly.
    mutating func parseString() throws(JSONParseError) -> String {
        let start = position
        position += 1  // the opening quote
        var runStart = position
        var decoded: [UInt8] = []  // only used once an escape is met
        var sawEscape = false
        var highBits: UInt8 = 0  // any byte >= 0x80 sets the top bit: only then validate UTF-8
        while true {
            guard position < input.count else { throw failure("unterminated string", at: start) }
            let byte = input[position]
            if byte == UInt8(ascii: "\"") { break }
            if byte < 0x20 { throw failure("unescaped control character in string") }
            highBits |= byte
            if byte != UInt8(ascii: "\\") { position += 1; continue }
            sawEscape = true
            decoded.append(contentsOf: UnsafeBufferPointer(rebasing: input[runStart..<position]))
            try parseEscape(into: &decoded)
            runStart = position
        }
        let text: String?
        if sawEscape {
            decoded.append(contentsOf: UnsafeBufferPointer(rebasing: input[runStart..<position]))
            text = String(validating: decoded, as: UTF8.self)
        } else if highBits < 0x80 {
            // ASCII needs no validation, and decoding it is a copy.
            text = String(decoding: UnsafeBufferPointer(rebasing: input[runStart..<position]), as: UTF8.self)
        } else {
            text = String(validating: UnsafeBufferPointer(rebasing: input[runStart..<position]), as: UTF8.self)
        }
        guard let text else { throw failure("invalid UTF-8 in string", at: start) }
        position += 1  // the closing quote
        return text
    }

    private mutating func parseEscape(into decoded: inout [UInt8]) throws(JSONParseError) {
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
            let scalar = try parseUnicodeEscape(escapeStart: escapeStart)
            decoded.append(contentsOf: UTF8.encode(scalar)!)
        default: throw failure("invalid escape '\\\(describeByte(letter))'", at: escapeStart)
        }
    }

    /// After `\u`: four hex digits, and for a high surrogate the `\uDC00`–`\uDFFF` that must follow.
    private mutating func parseUnicodeEscape(escapeStart: Int) throws(JSONParseError) -> Unicode.Scalar {
        let unit = try parseHex4()
        switch unit {
        case 0xD800...0xDBFF:
            guard position + 1 < input.count, input[position] == UInt8(ascii: "\\"), input[position + 1] == UInt8(ascii: "u")
            else { throw failure("lone high surrogate in \\u escape", at: escapeStart) }
            position += 2
            let low = try parseHex4()
            guard (0xDC00...0xDFFF).contains(low) else { throw failure("lone high surrogate in \\u escape", at: escapeStart) }
            return Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))!
        case 0xDC00...0xDFFF:
            throw failure("lone low surrogate in \\u escape", at: escapeStart)
        default:
            return Unicode.Scalar(unit)!
        }
    }

    private mutating func parseHex4() throws(JSONParseError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard position < input.count, let digit = hexValue(input[position]) else {
                throw failure("expected four hex digits in \\u escape")
            }
            value = value << 4 | digit
            position += 1
        }
        return value
    }

    private func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }
}
