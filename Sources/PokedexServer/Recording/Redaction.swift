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

    /// Whether a frame's bytes may hold a secret: only those are parsed and redacted.
    static func mayHoldSecret(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { buffer in
            needles.contains { needle in contains(buffer, needle) }
        }
    }

    private static let needles: [[UInt8]] = (Array(secretKeys).map { "\"\($0)\"" } + Array(secretKeys).map { "/\($0)\"" } + linkMarkers)
        .map { Array($0.utf8) }

    private static func contains(_ haystack: UnsafeBufferPointer<UInt8>, _ needle: [UInt8]) -> Bool {
        guard haystack.count >= needle.count, let first = needle.first else { return false }
        var index = 0
        let last = haystack.count - needle.count
        while index <= last {
            if haystack[index] == first {
                var matched = 1
                while matched < needle.count, haystack[index + matched] == needle[matched] { matched += 1 }
                if matched == needle.count { return true }
            }
            index += 1
        }
        return false
    }
}
