/// Where a member of a JSON text starts, for error messages that name a line: the parser's
/// values carry no positions, so a refused field is found again in the text it came from.
/// Only used on text `JSONParser` accepted, so it skips values without validating them.
struct JSONLocator {
    enum Step: Equatable { case key(String), index(Int) }

    private let bytes: [UInt8]

    init(_ text: String) {
        bytes = Array(text.utf8)
    }

    /// The 1-based line of the value at `path` (its deepest existing part, when the last is
    /// missing: a missing field is reported at its object).
    func line(of path: [Step]) -> Int {
        line(atOffset: offset(of: path))
    }

    /// The 1-based line of a byte offset.
    func line(atOffset offset: Int) -> Int {
        1 + bytes.prefix(offset).reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
    }

    private func offset(of path: [Step]) -> Int {
        var position = skipSpace(0)
        for step in path {
            guard let next = child(step, of: position) else { break }
            position = next
        }
        return position
    }

    /// The start of `step`'s value inside the container starting at `position`.
    private func child(_ step: Step, of position: Int) -> Int? {
        guard position < bytes.count else { return nil }
        var at = skipSpace(position + 1)
        var index = 0
        switch (bytes[position], step) {
        case (UInt8(ascii: "{"), .key(let wanted)):
            while at < bytes.count, bytes[at] == UInt8(ascii: "\"") {
                let keyEnd = skipString(at)
                let key = String(decoding: bytes[(at + 1)..<(keyEnd - 1)], as: UTF8.self)
                let value = skipSpace(skipSpace(keyEnd) + 1)
                if key == wanted { return value }
                at = skipSpace(skipSpace(skipValue(value)) + 1)
            }
        case (UInt8(ascii: "["), .index(let wanted)):
            while at < bytes.count, bytes[at] != UInt8(ascii: "]") {
                if index == wanted { return at }
                index += 1
                at = skipSpace(skipSpace(skipValue(at)) + 1)
            }
        default: break
        }
        return nil
    }

    private func skipSpace(_ position: Int) -> Int {
        var at = position
        while at < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[at]) { at += 1 }
        return at
    }

    /// Past the string starting at `position` (its opening quote).
    private func skipString(_ position: Int) -> Int {
        var at = position + 1
        while at < bytes.count, bytes[at] != UInt8(ascii: "\"") { at += bytes[at] == UInt8(ascii: "\\") ? 2 : 1 }
        return at + 1
    }

    /// Past the value starting at `position`.
    private func skipValue(_ position: Int) -> Int {
        guard position < bytes.count else { return position }
        switch bytes[position] {
        case UInt8(ascii: "\""): return skipString(position)
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            var depth = 0, at = position
            while at < bytes.count {
                switch bytes[at] {
                case UInt8(ascii: "\""): at = skipString(at); continue
                case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    if depth == 0 { return at + 1 }
                default: break
                }
                at += 1
            }
            return at
        default:
            var at = position
            while at < bytes.count, ![UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), 0x20, 0x09, 0x0A, 0x0D].contains(bytes[at]) { at += 1 }
            return at
        }
    }
}
