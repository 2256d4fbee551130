import Foundation

/// The wall-clock time of a log line: RFC 3339 in UTC with milliseconds,
/// e.g. `2026-12-02T04:40:00.123Z`.
public enum LogClock {
    public static func now() -> String {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return format(seconds: spec.tv_sec, milliseconds: Int(spec.tv_nsec / 1_000_000))
    }

    static func format(seconds: Int, milliseconds: Int) -> String {
        var time = seconds
        var parts = tm()
        gmtime_r(&time, &parts)
        func padded(_ value: Int32, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(padded(parts.tm_year + 1900, 4))-\(padded(parts.tm_mon + 1, 2))-\(padded(parts.tm_mday, 2))"
            + "T\(padded(parts.tm_hour, 2)):\(padded(parts.tm_min, 2)):\(padded(parts.tm_sec, 2))"
            + ".\(padded(Int32(milliseconds), 3))Z"
    }
}
