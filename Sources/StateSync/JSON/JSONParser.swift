/// A strict RFC 8259 parser for untrusted input: full grammar, UTF-8 validated, no trailing
/// garbage, no duplicate object keys, nesting limited to `maxDepth`.
public struct JSONParser {
    public static let defaultMaxDepth = 64

    /// Parses one JSON document from UTF-8 bytes.
    public static func parse(_ bytes: [UInt8], maxDepth: Int = defaultMaxDepth) throws(JSONParseError) -> JSONValue {
        try parse(bytes.span, maxDepth: maxDepth)
    }

    /// Parses one JSON document from UTF-8 bytes where they lie (a websocket frame in the
    /// transport's receive buffer), without copying them first.
    public static func parse(_ bytes: Span<UInt8>, maxDepth: Int = defaultMaxDepth) throws(JSONParseError) -> JSONValue {
        let result: Result<JSONValue, JSONParseError> = bytes.withUnsafeBufferPointer { buffer in
            var parser = JSONParser(input: buffer, maxDepth: maxDepth)
            return Result { () throws(JSONParseError) in try parser.parseDocument() }
        }
        return try result.get()
    }

    /// Parses one JSON document from text.
    public static func parse(_ text: String, maxDepth: Int = defaultMaxDepth) throws(JSONParseError) -> JSONValue {
        try parse(Array(text.utf8), maxDepth: maxDepth)
    }

    let input: UnsafeBufferPointer<UInt8>
    private let maxDepth: Int
    var position = 0
    private var depth = 0

    private init(input: UnsafeBufferPointer<UInt8>, maxDepth: Int) {
        self.input = input
        self.maxDepth = maxDepth
    }

    private mutating func parseDocument() throws(JSONParseError) -> JSONValue {
        let value = try parseValue()
        skipWhitespace()
        guard position == input.count else { throw failure("unexpected data after the JSON value") }
        return value
    }

    func failure(_ message: String, at offset: Int? = nil) -> JSONParseError {
        JSONParseError(offset: offset ?? position, message: message)
    }

    private mutating func skipWhitespace() {
        while position < input.count {
            switch input[position] {
            case 0x20, 0x09, 0x0A, 0x0D: position += 1
            default: return
            }
        }
    }

    private mutating func parseValue() throws(JSONParseError) -> JSONValue {
        skipWhitespace()
        guard position < input.count else { throw failure("unexpected end of input, expected a value") }
        switch input[position] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expectWord("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectWord("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectWord("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        default: throw failure("unexpected character '\(JSONStringEscape.describe(input[position]))', expected a value")
        }
    }

    private mutating func expectWord(_ word: StaticString) throws(JSONParseError) {
        let start = position
        for expected in UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount) {
            guard position < input.count, input[position] == expected else {
                throw failure("invalid literal, expected '\(word)'", at: start)
            }
            position += 1
        }
    }

    private mutating func enterContainer() throws(JSONParseError) {
        depth += 1
        guard depth <= maxDepth else { throw failure("nesting deeper than \(maxDepth) levels") }
        position += 1  // the opening bracket
    }

    private mutating func parseArray() throws(JSONParseError) -> JSONValue {
        try enterContainer()
        defer { depth -= 1 }
        var elements: [JSONValue] = []
        skipWhitespace()
        if position < input.count, input[position] == UInt8(ascii: "]") {
            position += 1
            return .array(elements)
        }
        repeat {
            elements.append(try parseValue())
        } while try continues("array", closedBy: UInt8(ascii: "]"))
        return .array(elements)
    }

    private mutating func parseObject() throws(JSONParseError) -> JSONValue {
        try enterContainer()
        defer { depth -= 1 }
        var object = JSONObject()
        skipWhitespace()
        if position < input.count, input[position] == UInt8(ascii: "}") {
            position += 1
            return .object(object)
        }
        // Room for a frame's envelope (type, ref, key, action) at once: grown from empty, its
        // three members were three buffers made, copied and freed in turn.
        object.reserveCapacity(4)
        repeat {
            skipWhitespace()
            let keyStart = position
            guard position < input.count, input[position] == UInt8(ascii: "\"") else {
                throw failure("expected a string key in object")
            }
            let key = try parseString()
            skipWhitespace()
            guard position < input.count, input[position] == UInt8(ascii: ":") else {
                throw failure("expected ':' after object key")
            }
            position += 1
            let value = try parseValue()
            guard object.updateValue(value, forKey: key) == nil else {
                throw failure("duplicate key '\(key)' in object", at: keyStart)
            }
        } while try continues("object", closedBy: UInt8(ascii: "}"))
        return .object(object)
    }

    /// After a container's member: `,` means another follows, `closing` ends the container.
    private mutating func continues(_ container: String, closedBy closing: UInt8) throws(JSONParseError) -> Bool {
        skipWhitespace()
        guard position < input.count else { throw failure("unexpected end of input in \(container)") }
        switch input[position] {
        case UInt8(ascii: ","): position += 1; return true
        case closing: position += 1; return false
        default: throw failure("expected ',' or '\(UnicodeScalar(closing))' in \(container)")
        }
    }

    private mutating func parseNumber() throws(JSONParseError) -> JSONValue {
        let start = position
        let negative = input[position] == UInt8(ascii: "-")
        if negative { position += 1 }
        guard position < input.count, isDigit(input[position]) else { throw failure("expected a digit in number") }
        if input[position] == UInt8(ascii: "0") {
            position += 1
            if position < input.count, isDigit(input[position]) { throw failure("leading zero in number") }
        } else {
            skipDigits()
        }
        // Most numbers are short integers (ids, stats, seq): read them without making a String.
        let digits = position - start - (negative ? 1 : 0)
        if digits <= 18, position == input.count || !Self.continuesNumber(input[position]) {
            var magnitude = 0
            for index in (position - digits)..<position { magnitude = magnitude &* 10 &+ Int(input[index] &- UInt8(ascii: "0")) }
            return .int(negative ? -magnitude : magnitude)
        }
        var isInteger = true
        if position < input.count, input[position] == UInt8(ascii: ".") {
            isInteger = false
            position += 1
            guard position < input.count, isDigit(input[position]) else { throw failure("expected a digit after '.'") }
            skipDigits()
        }
        if position < input.count, input[position] | 0x20 == UInt8(ascii: "e") {
            isInteger = false
            position += 1
            if position < input.count, input[position] == UInt8(ascii: "+") || input[position] == UInt8(ascii: "-") {
                position += 1
            }
            guard position < input.count, isDigit(input[position]) else { throw failure("expected a digit in exponent") }
            skipDigits()
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: input[start..<position]), as: UTF8.self)
        // Integers too large for Int degrade to Double, as in JavaScript.
        if isInteger, let integer = Int(text) { return .int(integer) }
        guard let double = Double(text), double.isFinite else { throw failure("number out of range", at: start) }
        return .double(double)
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }

    /// A fraction or an exponent follows the integer part.
    private static func continuesNumber(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: ".") || byte | 0x20 == UInt8(ascii: "e")
    }

    private mutating func skipDigits() {
        while position < input.count, isDigit(input[position]) { position += 1 }
    }
}
