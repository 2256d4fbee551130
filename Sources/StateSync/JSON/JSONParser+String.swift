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
            try JSONStringEscape.decode(input, at: &position, into: &decoded)
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
}
