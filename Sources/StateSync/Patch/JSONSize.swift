/// Counts compact encoded bytes without writing them, giving up once past a limit, so the diff
/// can ask "is replacing this array smaller?" at a cost bounded by the ops it already has.
struct JSONSize {
    private var remaining: Int

    /// The encoded length of `operation` as `JSONWriter` writes it, or nil if it exceeds `limit`.
    static func encodedLength(of operation: PatchOperation, limit: Int) -> Int? {
        var size = JSONSize(remaining: limit)
        let fits: Bool
        switch operation {
        case .remove:
            fits = size.take(envelopeLength(of: operation))
        case .add(_, let value), .replace(_, let value), .test(_, let value):
            fits = size.take(envelopeLength(of: operation)) && size.count(value)
        }
        return fits ? limit - size.remaining : nil
    }

    /// The encoded length of `operation` but its value: the braces, the names, the path.
    static func envelopeLength(of operation: PatchOperation) -> Int {
        switch operation {
        case .remove(let path):
            #"{"op":"remove","path":}"#.utf8.count + quotedLength(path)
        case .add(let path, _), .replace(let path, _), .test(let path, _):
            #"{"op":"","path":,"value":}"#.utf8.count + operation.name.utf8.count + quotedLength(path)
        }
    }

    /// The encoded length of `value` as `JSONWriter` writes it, or nil if it exceeds `limit`.
    static func encodedLength(of value: JSONValue, limit: Int) -> Int? {
        var size = JSONSize(remaining: limit)
        return size.count(value) ? limit - size.remaining : nil
    }

    /// The encoded length of `operations` as one JSON array, as `JSONWriter` writes it.
    static func encodedLength(of operations: ArraySlice<PatchOperation>) -> Int {
        var length = 2 + max(operations.count - 1, 0)  // brackets, commas
        for operation in operations {
            length += encodedLength(of: operation, limit: .max) ?? 0  // never nil: no limit
        }
        return length
    }

    private mutating func take(_ bytes: Int) -> Bool {
        remaining -= bytes
        return remaining >= 0
    }

    private mutating func count(_ value: JSONValue) -> Bool {
        switch value {
        case .null: return take(4)
        case .bool(let flag): return take(flag ? 4 : 5)
        case .int(let number): return take(Self.digitCount(number))
        case .double(let number): return take(number.isFinite ? number.description.utf8.count : 4)
        case .string(let text): return take(Self.quotedLength(text))
        case .array(let elements):
            guard take(2 + max(elements.count - 1, 0)) else { return false }
            for element in elements where !count(element) { return false }
            return true
        case .object(let object):
            guard take(2 + max(object.count - 1, 0) + object.count) else { return false }  // braces, commas, colons
            for member in object.members where !(take(Self.quotedLength(member.key)) && count(member.value)) { return false }
            return true
        }
    }

    static func digitCount(_ number: Int) -> Int {
        var magnitude = number.magnitude, digits = number < 0 ? 2 : 1
        while magnitude >= 10 { magnitude /= 10; digits += 1 }
        return digits
    }

    static func quotedLength(_ text: String) -> Int {
        // Native and small strings lend their UTF-8 in place, as in `JSONWriter.write(_:)`.
        if let length = text.utf8.withContiguousStorageIfAvailable(quotedLength) { return length }
        return quotedLength(text.utf8)
    }

    private static func quotedLength(_ utf8: some Sequence<UInt8>) -> Int {
        var length = 2
        for byte in utf8 {
            if byte >= 0x20, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\") {
                length += 1
                continue
            }
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), 0x08, 0x09, 0x0A, 0x0C, 0x0D: length += 2
            default: length += 6
            }
        }
        return length
    }
}
