/// How a log line is written: `logfmt` (`key=value` pairs, the default) or one JSON object.
/// Neither has colours or other terminal escapes: the lines are read by journald as often as
/// by people.
public enum LogFormat: String, Sendable, CaseIterable {
    case logfmt
    case json
}
