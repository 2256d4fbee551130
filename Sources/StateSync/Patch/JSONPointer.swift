/// RFC 6901 JSON Pointers: `/list/pages/1`, with `~` and `/` inside a token written `~0` and `~1`.
public enum JSONPointer {
    /// One reference token, escaped for use in a pointer.
    public static func escape(_ token: String) -> String {
        guard token.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }) else { return token }
        var escaped = ""
        for character in token {
            switch character {
            case "~": escaped += "~0"
            case "/": escaped += "~1"
            default: escaped.append(character)
            }
        }
        return escaped
    }

    /// The unescaped reference tokens of `pointer` (`""` is the whole document).
    public static func tokens(of pointer: String) throws(PatchError) -> [String] {
        if pointer.isEmpty { return [] }
        guard pointer.hasPrefix("/") else { throw PatchError(path: pointer, message: "a JSON Pointer must start with '/'") }
        return try pointer.utf8.dropFirst().split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
            .map { (raw) throws(PatchError) in
                // Checked on the bytes: searching a String for "~" walks grapheme clusters.
                let token = String(decoding: raw, as: UTF8.self)
                return raw.contains(UInt8(ascii: "~")) ? try unescape(token, in: pointer) : token
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
