import Foundation
import StateSync

/// A forward-only JSON reader over UTF-8 bytes. Callers read the members they use and
/// `skipValue()` the rest; skipping only checks structure (strings closed, brackets matched),
/// which is what lets an 850 KB PokeAPI document decode in well under a millisecond.
///
/// Why PokeAPI keeps this reader beside StateSync's `JSONParser` (the project's one engine,
/// whose `JSONWriter` writes PokeAPI's records): a PokeAPI detail is mostly moves and game
/// indices the Pokédex never reads, and the parser builds a tree of all of it, an order of
/// magnitude slower per document (`scripts/bench data`: `data.detail_tree_parse_ms` against
/// `data.detail_decode_ms`).
struct JSONScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0

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

    func error(_ message: String) -> JSONParseError {
        JSONParseError(offset: index, message: message)
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

    /// Reads an array's elements, each read by `element`.
    mutating func readElements<Element>(_ element: (inout JSONScanner) throws -> Element) throws -> [Element] {
        var elements: [Element] = []
        try readArray { elements.append(try element(&$0)) }
        return elements
    }

    /// Reads a fixed-shape array (`[25,"pikachu"]`) with `body`, which reads its values in
    /// order, `expectComma` between them.
    mutating func readTuple<Value>(_ body: (inout JSONScanner) throws -> Value) throws -> Value {
        try beginArray()
        let value = try body(&self)
        try endArray()
        return value
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

    // MARK: Bytes

    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    func peek() -> UInt8? {
        index < bytes.count ? bytes[index] : nil
    }

    mutating func expect(_ character: Unicode.Scalar) throws {
        skipWhitespace()
        guard let byte = peek() else { throw error("unexpected end of data, expected '\(character)'") }
        guard byte == UInt8(ascii: character) else { throw error("expected '\(character)'") }
        index += 1
    }

    mutating func expectLiteral(_ literal: StaticString) throws {
        let count = literal.utf8CodeUnitCount
        guard index + count <= bytes.count,
              memcmp(bytes.baseAddress! + index, literal.utf8Start, count) == 0
        else { throw error("expected \(literal)") }
        index += count
    }
}
