import StateSync

/// Takes secrets out of what a recording keeps: invite and sign-in codes (members named
/// `code` or `token`, patch operations on such a member, the code in a `/join/…` or
/// `/signin/…` link or route). Each becomes `REDACTED`, which is itself a well-formed code, so
/// a replay reduces the same actions and the views show the same links.
enum Redaction {
    static let placeholder = "REDACTED"
    private static let secretKeys: Set<String> = ["code", "token", "secret"]
    private static let linkMarkers = ["/join/", "/signin/"]

    static func redact(_ value: JSONValue) -> JSONValue {
        switch value {
        case let .string(text): return .string(redact(text))
        case let .array(values): return .array(values.map(redact))
        case let .object(object):
            let pathIsSecret = object["path"]?.stringValue.map { path in
                secretKeys.contains(where: { path.hasSuffix("/" + $0) })
            } ?? false
            return .object(JSONObject(uniqueKeysWithValues: object.members.map { member -> (String, JSONValue) in
                if member.value.stringValue != nil, secretKeys.contains(member.key) || (pathIsSecret && member.key == "value") {
                    return (member.key, .string(placeholder))
                }
                return (member.key, redact(member.value))
            }))
        default: return value
        }
    }

    /// `…/join/CODE…` → `…/join/REDACTED…`, up to the next `/`, `?`, `#` or `"`.
    static func redact(_ text: String) -> String {
        guard linkMarkers.contains(where: text.contains) else { return text }
        var result = text
        for marker in linkMarkers {
            var searchStart = result.startIndex
            while let range = result.range(of: marker, range: searchStart..<result.endIndex) {
                let codeStart = range.upperBound
                let codeEnd = result[codeStart...].firstIndex { "/?#\"".contains($0) } ?? result.endIndex
                result.replaceSubrange(codeStart..<codeEnd, with: placeholder)
                searchStart = result.index(codeStart, offsetBy: placeholder.count)
            }
        }
        return result
    }

    /// JSON `bytes` with their secrets redacted: as they are when they may hold none.
    static func redacted(_ bytes: [UInt8]) -> [UInt8] {
        guard mayHoldSecret(bytes), let parsed = try? JSONParser.parse(bytes, maxDepth: 256) else { return bytes }
        return redact(parsed).jsonBytes
    }

    /// Whether JSON bytes may hold a secret: a member or pointer ending in a secret key
    /// (`"code"`, `/code"`), or a link marker. One pass: each `"` or `/` is a place one of
    /// them may end, and only one after a byte some needle ends with is compared.
    static func mayHoldSecret(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { buffer in
            var index = 1
            while index < buffer.count {
                let byte = buffer[index]
                if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "/"), lastLetters.contains(buffer[index - 1]) {
                    for needle in needles where matches(buffer, needle, endingAt: index) { return true }
                }
                index += 1
            }
            return false
        }
    }

    /// The byte before each needle's last: `e` (code), `n` (token, join, signin), `t` (secret).
    private static let lastLetters: Set<UInt8> = Set(needles.map { $0[$0.count - 2] })

    /// Each ends in `"` or `/`: `"code"`, `/code"`, `/join/`, `/signin/`.
    private static let needles: [[UInt8]] = (Array(secretKeys).flatMap { ["\"\($0)\"", "/\($0)\""] } + linkMarkers)
        .map { Array($0.utf8) }

    private static func matches(_ buffer: UnsafeBufferPointer<UInt8>, _ needle: [UInt8], endingAt end: Int) -> Bool {
        let start = end + 1 - needle.count
        guard start >= 0 else { return false }
        for offset in needle.indices where buffer[start + offset] != needle[offset] { return false }
        return true
    }
}
