/// Appends compact JSON (no spaces) to a byte buffer. Wire encoders use it directly so frame
/// envelopes need no intermediate `JSONValue`.
public struct JSONWriter: Sendable {
    public private(set) var bytes: [UInt8]

    public init(capacity: Int = 256) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    /// Appends bytes that are already valid JSON punctuation or text, e.g. `{"type":`.
    public mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// Appends bytes that are already encoded JSON. Grown with room for what follows: grown
    /// to just fit a large value (a detail's remembered bytes), the buffer was grown again
    /// for the frame's closing bytes, copied a second time and kept at twice its size with
    /// the patch.
    public mutating func raw(_ json: [UInt8]) {
        let needed = bytes.count + json.count
        if needed > bytes.capacity { bytes.reserveCapacity(Swift.max(needed + 64, 2 * bytes.capacity)) }
        bytes.append(contentsOf: json)
    }

    /// `raw(_:)` for bytes read in place (`EncodedJSONMemo`'s, without copying their array).
    public mutating func raw(_ json: UnsafeBufferPointer<UInt8>) {
        let needed = bytes.count + json.count
        if needed > bytes.capacity { bytes.reserveCapacity(Swift.max(needed + 64, 2 * bytes.capacity)) }
        bytes.append(contentsOf: json)
    }

    /// An optional member after the first: `member` (its `,"name":`) and the value, or
    /// nothing when there is none.
    public mutating func optional(_ member: StaticString, _ text: String?) {
        guard let text else { return }
        raw(member)
        write(text)
    }

    /// An optional member after the first: `member` (its `,"name":`) and the number, or
    /// nothing when there is none.
    public mutating func optional(_ member: StaticString, _ number: Int?) {
        guard let number else { return }
        raw(member)
        write(number)
    }

    public mutating func write(_ value: JSONValue) {
        switch value {
        case .null: raw("null")
        case .bool(let flag): raw(flag ? "true" : "false")
        case .int(let number): write(number)
        case .double(let number): write(number)
        case .string(let text): write(text)
        // Elements and members are read in place: iterating the arrays copied each one out,
        // a retain and a release of its strings and containers per value written.
        case .array(let elements):
            bytes.append(UInt8(ascii: "["))
            elements.withUnsafeBufferPointer { elements in
                for position in elements.indices {
                    if position > 0 { bytes.append(UInt8(ascii: ",")) }
                    write(elements[position])
                }
            }
            bytes.append(UInt8(ascii: "]"))
        case .object(let object):
            bytes.append(UInt8(ascii: "{"))
            object.members.withUnsafeBufferPointer { members in
                for position in members.indices {
                    if position > 0 { bytes.append(UInt8(ascii: ",")) }
                    write(members[position].key)
                    bytes.append(UInt8(ascii: ":"))
                    write(members[position].value)
                }
            }
            bytes.append(UInt8(ascii: "}"))
        }
    }

    public mutating func write(_ number: Int) {
        if number < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = number.magnitude
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes: room for 20 digits
        withUnsafeMutableBytes(of: &digits) { buffer in
            var end = buffer.count
            repeat {
                end -= 1
                buffer[end] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            bytes.append(contentsOf: buffer[end...])
        }
    }

    /// Shortest text that parses back to the same double; non-finite values (which JSON cannot
    /// express) are written as `null`.
    public mutating func write(_ number: Double) {
        guard number.isFinite else { return raw("null") }
        bytes.append(contentsOf: number.description.utf8)
    }

    /// A quoted string: `"` `\` and control characters escaped, other text passed through as UTF-8.
    public mutating func write(_ text: String) {
        // Native and small strings lend their UTF-8 in place; only others are copied first.
        let written: Void? = text.utf8.withContiguousStorageIfAvailable { writeQuoted($0) }
        guard written == nil else { return }
        var text = text
        text.withUTF8 { writeQuoted($0) }
    }

    private mutating func writeQuoted(_ utf8: UnsafeBufferPointer<UInt8>) {
        bytes.append(UInt8(ascii: "\""))
        var start = 0
        for position in utf8.indices {
            let byte = utf8[position]
            guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<position]))
            appendEscape(for: byte)
            start = position + 1
        }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start...]))
        bytes.append(UInt8(ascii: "\""))
    }

    private mutating func appendEscape(for byte: UInt8) {
        switch byte {
        case UInt8(ascii: "\""): raw("\\\"")
        case UInt8(ascii: "\\"): raw("\\\\")
        case 0x08: raw("\\b")
        case 0x0C: raw("\\f")
        case 0x0A: raw("\\n")
        case 0x0D: raw("\\r")
        case 0x09: raw("\\t")
        default:
            raw("\\u00")
            bytes.append(hexDigit(byte >> 4))
            bytes.append(hexDigit(byte & 0xF))
        }
    }

    private func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
    }
}

extension JSONValue {
    /// Compact JSON bytes (UTF-8).
    public var jsonBytes: [UInt8] {
        var writer = JSONWriter()
        writer.write(self)
        return writer.bytes
    }

    /// Compact JSON text.
    public var jsonString: String { String(decoding: jsonBytes, as: UTF8.self) }
}
