import Foundation

/// A forward-only JSON reader over UTF-8 bytes. Callers read the members they use and
/// `skipValue()` the rest; skipping only checks structure (strings closed, brackets matched),
/// which is what lets an 850 KB PokeAPI document decode in well under a millisecond.
struct JSONScanner {
    private let bytes: UnsafeBufferPointer<UInt8>
    private(set) var index = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// Runs `body` over `bytes` and requires nothing but whitespace after what it read.
    static func scan<T>(_ bytes: [UInt8], _ body: (inout JSONScanner) throws -> T) throws -> T {
        try bytes.withUnsafeBufferPointer { buffer in
            var scanner = JSONScanner(buffer)
            let value = try body(&scanner)
            scanner.skipWhitespace()
            if scanner.index != buffer.count { throw scanner.error("unexpected data after the document") }
            return value
        }
    }

    func error(_ message: String) -> JSONError {
        JSONError(message: message, offset: index)
    }

    // MARK: Structure

    /// Call after `{` (see `beginObject`) with `first` starting `true`: the next key, or `nil` at `}`.
    mutating func nextKey(first: inout Bool) throws -> String? {
        skipWhitespace()
        if peek() == UInt8(ascii: "}") { index += 1; return nil }
        if first { first = false } else { try expect(",") ; skipWhitespace() }
        guard peek() == UInt8(ascii: "\"") else { throw error("expected a member name") }
        let key = try readString()
        try expect(":")
        return key
    }

    /// Call after `[` (see `beginArray`) with `first` starting `true`: whether another element follows.
    mutating func nextElement(first: inout Bool) throws -> Bool {
        skipWhitespace()
        if peek() == UInt8(ascii: "]") { index += 1; return false }
        if first { first = false } else { try expect(",") }
        return true
    }

    mutating func beginObject() throws { try expect("{") }
    mutating func beginArray() throws { try expect("[") }
    mutating func endArray() throws { try expect("]") }
    /// Between the elements of a fixed-shape array.
    mutating func expectComma() throws { try expect(",") }

    /// Reads each member of an object; `member` must consume the value.
    mutating func readObject(_ member: (inout JSONScanner, String) throws -> Void) throws {
        try beginObject()
        var first = true
        while let key = try nextKey(first: &first) { try member(&self, key) }
    }

    /// Reads each element of an array; `element` must consume it.
    mutating func readArray(_ element: (inout JSONScanner) throws -> Void) throws {
        try beginArray()
        var first = true
        while try nextElement(first: &first) { try element(&self) }
    }

    // MARK: Scalars

    /// `null` if present (consumed), else `false` with nothing consumed.
    mutating func readNull() throws -> Bool {
        skipWhitespace()
        guard peek() == UInt8(ascii: "n") else { return false }
        try expectLiteral("null")
        return true
    }

    mutating func readBool() throws -> Bool {
        skipWhitespace()
        switch peek() {
        case UInt8(ascii: "t"): try expectLiteral("true"); return true
        case UInt8(ascii: "f"): try expectLiteral("false"); return false
        default: throw error("expected true or false")
        }
    }

    mutating func readInt() throws -> Int {
        skipWhitespace()
        let negative = peek() == UInt8(ascii: "-")
        if negative { index += 1 }
        var value = 0
        let start = index
        while index < bytes.count, case let digit = bytes[index] &- 48, digit < 10 {
            let (times, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times.addingReportingOverflow(Int(digit))
            if overflow1 || overflow2 { throw error("integer out of range") }
            value = sum
            index += 1
        }
        if index == start { throw error("expected an integer") }
        if let next = peek(), next == UInt8(ascii: ".") || next | 0x20 == UInt8(ascii: "e") {
            throw error("expected an integer, found a fraction")
        }
        return negative ? -value : value
    }

    mutating func readString() throws -> String {
        skipWhitespace()
        guard peek() == UInt8(ascii: "\"") else { throw error("expected a string") }
        index += 1
        let start = index
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\""):
                let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
                index += 1
                return text
            case UInt8(ascii: "\\"):
                index = start - 1
                return try readEscapedString()
            case 0..<0x20:
                throw error("control character in a string")
            default:
                index += 1
            }
        }
        throw error("unterminated string")
    }

    mutating func readOptionalString() throws -> String? {
        try readNull() ? nil : readString()
    }

    mutating func readOptionalInt() throws -> Int? {
        try readNull() ? nil : readInt()
    }

    // MARK: Skipping

    /// Skips one value of any kind.
    mutating func skipValue() throws {
        skipWhitespace()
        switch peek() {
        case UInt8(ascii: "\""): try skipString()
        case UInt8(ascii: "{"), UInt8(ascii: "["): try skipContainer()
        case UInt8(ascii: "t"): try expectLiteral("true")
        case UInt8(ascii: "f"): try expectLiteral("false")
        case UInt8(ascii: "n"): try expectLiteral("null")
        case let byte? where byte == UInt8(ascii: "-") || (byte >= 48 && byte <= 57): skipNumber()
        case nil: throw error("unexpected end of data")
        default: throw error("unexpected character")
        }
    }

    /// Skips an object or array: strings are jumped over with `memchr`, and brackets are
    /// matched against a bit stack (1 = object), which bounds nesting at 64 levels.
    private mutating func skipContainer() throws {
        let base = bytes.baseAddress!
        let end = bytes.count
        var position = index
        var depth = 0
        var isObject: UInt64 = 0
        while position < end {
            let byte = base[position]
            if byte == UInt8(ascii: "\"") {
                position = try endOfString(base, contentsAt: position + 1)
                continue
            }
            if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") {
                guard depth < 64 else { index = position; throw error("nested too deeply") }
                isObject = isObject << 1 | (byte == UInt8(ascii: "{") ? 1 : 0)
                depth += 1
            } else if byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") {
                guard (isObject & 1 == 1) == (byte == UInt8(ascii: "}")) else {
                    index = position
                    throw error("mismatched bracket")
                }
                isObject >>= 1
                depth -= 1
                if depth == 0 {
                    index = position + 1
                    return
                }
            }
            position += 1
        }
        index = end
        throw error("unexpected end of data inside a container")
    }

    private mutating func skipString() throws {
        index = try endOfString(bytes.baseAddress!, contentsAt: index + 1)
    }

    /// The position after the quote that closes a string whose contents start at `start`.
    private func endOfString(_ base: UnsafePointer<UInt8>, contentsAt start: Int) throws -> Int {
        var position = start
        while position < bytes.count, let found = memchr(base + position, Int32(UInt8(ascii: "\"")), bytes.count - position) {
            let quote = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            var backslashes = 0
            while quote - backslashes - 1 >= start, base[quote - backslashes - 1] == UInt8(ascii: "\\") {
                backslashes += 1
            }
            if backslashes % 2 == 0 { return quote + 1 }
            position = quote + 1
        }
        throw JSONError(message: "unterminated string", offset: bytes.count)
    }

    private mutating func skipNumber() {
        while index < bytes.count {
            switch bytes[index] {
            case 48...57, UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"):
                index += 1
            default: return
            }
        }
    }

    // MARK: Bytes

    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    private func peek() -> UInt8? {
        index < bytes.count ? bytes[index] : nil
    }

    private mutating func expect(_ character: Unicode.Scalar) throws {
        skipWhitespace()
        guard let byte = peek() else { throw error("unexpected end of data, expected '\(character)'") }
        guard byte == UInt8(ascii: character) else { throw error("expected '\(character)'") }
        index += 1
    }

    private mutating func expectLiteral(_ literal: StaticString) throws {
        let count = literal.utf8CodeUnitCount
        guard index + count <= bytes.count,
              memcmp(bytes.baseAddress! + index, literal.utf8Start, count) == 0
        else { throw error("expected \(literal)") }
        index += count
    }

    /// The slow path for strings holding escapes; starts at the opening quote.
    private mutating func readEscapedString() throws -> String {
        index += 1
        var utf8: [UInt8] = []
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                return String(decoding: utf8, as: UTF8.self)
            case UInt8(ascii: "\\"):
                try appendEscape(to: &utf8)
            case 0..<0x20:
                throw error("control character in a string")
            default:
                utf8.append(byte)
            }
        }
        throw error("unterminated string")
    }

    private mutating func appendEscape(to utf8: inout [UInt8]) throws {
        guard let byte = peek() else { throw error("unterminated escape") }
        index += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(byte)
        case UInt8(ascii: "b"): utf8.append(0x08)
        case UInt8(ascii: "f"): utf8.append(0x0C)
        case UInt8(ascii: "n"): utf8.append(0x0A)
        case UInt8(ascii: "r"): utf8.append(0x0D)
        case UInt8(ascii: "t"): utf8.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try readHex4()
            if (0xD800..<0xDC00).contains(scalar) {
                // A high surrogate must be followed by `\u` and a low one.
                try expectLiteral("\\u")
                let low = try readHex4()
                guard (0xDC00..<0xE000).contains(low) else { throw error("invalid surrogate pair") }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            }
            guard let unicode = Unicode.Scalar(scalar) else { throw error("invalid \\u escape") }
            utf8.append(contentsOf: String(Character(unicode)).utf8)
        default:
            throw error("invalid escape")
        }
    }

    private mutating func readHex4() throws -> UInt32 {
        guard index + 4 <= bytes.count else { throw error("truncated \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case 48...57: digit = byte - 48
            case 65...70: digit = byte - 55
            case 97...102: digit = byte - 87
            default: throw error("invalid hex digit in \\u escape")
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }
}

/// Where and why a document could not be read; the client reports it as `.malformed`.
struct JSONError: Error, CustomStringConvertible {
    var message: String
    var offset: Int
    var description: String { "\(message) at byte \(offset)" }
}
