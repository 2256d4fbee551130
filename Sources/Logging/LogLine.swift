import StateSync

/// One event as one line: time, level, event, session, user, then the event's own fields, in
/// that order. `session` and `user` are always there (empty when the event belongs to no
/// session), so every line has the same leading keys.
struct LogLine {
    let time: String
    let level: LogLevel
    let event: String
    let session: String?
    let user: String?
    let fields: KeyValuePairs<String, String>

    func rendered(as format: LogFormat) -> [UInt8] {
        var writer = JSONWriter(capacity: 160)
        switch format {
        case .logfmt:
            var first = true
            func pair(_ key: String, _ value: String) {
                if !first { writer.raw(" ") }
                first = false
                writer.raw(Array(key.utf8))
                writer.raw("=")
                // A JSON string is a valid quoted logfmt value: the same escapes.
                if Self.isBare(value) { writer.raw(Array(value.utf8)) } else { writer.write(value) }
            }
            pair("time", time)
            pair("level", level.rawValue)
            pair("event", event)
            // No session or user: the key with nothing after `=`, unlike an empty value's `""`.
            if let session { pair("session", session) } else { writer.raw(" session=") }
            if let user { pair("user", user) } else { writer.raw(" user=") }
            for (key, value) in fields { pair(key, value) }
        case .json:
            writer.raw("{\"time\":")
            writer.write(time)
            writer.raw(",\"level\":")
            writer.write(level.rawValue)
            writer.raw(",\"event\":")
            writer.write(event)
            writer.raw(",\"session\":")
            if let session { writer.write(session) } else { writer.raw("null") }
            writer.raw(",\"user\":")
            if let user { writer.write(user) } else { writer.raw("null") }
            for (key, value) in fields {
                writer.raw(",")
                writer.write(key)
                writer.raw(":")
                writer.write(value)
            }
            writer.raw("}")
        }
        writer.raw("\n")
        return writer.bytes
    }

    /// A value written without quotes: not empty, and no space, `=`, quote, backslash or
    /// control character in it.
    static func isBare(_ value: String) -> Bool {
        !value.isEmpty && !value.utf8.contains {
            $0 <= 0x20 || $0 == UInt8(ascii: "=") || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") || $0 == 0x7F
        }
    }
}
