/// How much an event matters. journald and log shippers filter on it.
public enum LogLevel: String, Sendable, Comparable, CaseIterable {
    case debug, info, warning, error

    public static func < (lhs: LogLevel, rhs: LogLevel) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
