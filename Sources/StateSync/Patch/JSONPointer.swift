/// RFC 6901 JSON Pointers: `/list/pages/1`, with `~` and `/` inside a token written `~0` and `~1`.
public enum JSONPointer {
    /// The bytes of one reference token escaped for use in a pointer: `~` and `/` take two.
    /// Read as one buffer: through the UTF-8 view's iterator, byte by byte, a token cost
    /// several times its bytes.
    static func escapedLength(of token: String) -> Int {
        var token = token
        return token.withUTF8 { bytes in
            var length = bytes.count
            for byte in bytes where byte == UInt8(ascii: "~") || byte == UInt8(ascii: "/") { length += 1 }
            return length
        }
    }

    /// Writes one reference token escaped (`~0`, `~1`) at `position`, advancing it past.
    static func writeEscaped(_ token: String, into buffer: UnsafeMutableBufferPointer<UInt8>, at position: inout Int) {
        var token = token
        token.withUTF8 { bytes in
            for byte in bytes {
                switch byte {
                case UInt8(ascii: "~"), UInt8(ascii: "/"):
                    buffer[position] = UInt8(ascii: "~")
                    buffer[position + 1] = byte == UInt8(ascii: "~") ? UInt8(ascii: "0") : UInt8(ascii: "1")
                    position += 2
                default:
                    buffer[position] = byte
                    position += 1
                }
            }
        }
    }

    /// The unescaped reference tokens of a pointer (`""` is the whole document), read one at a
    /// time off its bytes: applying an operation builds no array of them (the load tester
    /// applies every operation its thousands of sessions receive; two arrays per operation were
    /// 6% of its event loop).
    struct Tokens {
        private let pointer: String
        /// Where the next token starts; nil when none is left.
        private var nextStart: String.Index?

        init(_ pointer: String) throws(PatchError) {
            self.pointer = pointer
            if pointer.isEmpty {
                nextStart = nil
            } else {
                guard pointer.utf8.first == UInt8(ascii: "/") else { throw PatchError(path: pointer, message: "a JSON Pointer must start with '/'") }
                nextStart = pointer.utf8.index(after: pointer.startIndex)
            }
        }

        mutating func next() throws(PatchError) -> String? {
            guard let start = nextStart else { return nil }
            let utf8 = pointer.utf8
            let end: String.Index
            if let slash = utf8[start...].firstIndex(of: UInt8(ascii: "/")) {
                end = slash
                nextStart = utf8.index(after: slash)
            } else {
                end = utf8.endIndex
                nextStart = nil
            }
            let token = String(pointer[start..<end])
            // Checked on the bytes: searching a String for "~" walks grapheme clusters.
            return utf8[start..<end].contains(UInt8(ascii: "~")) ? try unescape(token, in: pointer) : token
        }
    }

    private static func unescape(_ token: String, in pointer: String) throws(PatchError) -> String {
        var result = ""
        var iterator = token.makeIterator()
        while let character = iterator.next() {
            guard character == "~" else { result.append(character); continue }
            switch iterator.next() {
            case "0": result.append("~")
            case "1": result.append("/")
            default: throw PatchError(path: pointer, message: "'~' must be followed by '0' or '1'")
            }
        }
        return result
    }
}
