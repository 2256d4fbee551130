import Foundation
import StateSync

/// Skipping values the caller does not use: only structure is checked, for speed.
extension JSONScanner {
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
        throw JSONParseError(offset: bytes.count, message: "unterminated string")
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
}
