/// PostgreSQL's text form of an array, for `$n::text[]` (and `float8[]`) parameters: each
/// element quoted, its quotes and backslashes escaped. A batch's arrays hold every item's
/// value, so this works on UTF-8 bytes (no byte of a multi-byte character is a quote or a
/// backslash) rather than on characters.
enum PostgresArray {
    static func text(_ elements: [String]) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(elements.reduce(2) { $0 + $1.utf8.count + 3 })
        bytes.append(UInt8(ascii: "{"))
        for (index, element) in elements.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            bytes.append(UInt8(ascii: "\""))
            for byte in element.utf8 {
                if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { bytes.append(UInt8(ascii: "\\")) }
                bytes.append(byte)
            }
            bytes.append(UInt8(ascii: "\""))
        }
        bytes.append(UInt8(ascii: "}"))
        return String(decoding: bytes, as: UTF8.self)
    }
}
