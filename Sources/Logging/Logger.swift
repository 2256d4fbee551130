import Foundation

/// Writes one line per event to standard error (what systemd hands to journald), in the
/// configured format. Each line is one `write`, so lines from different threads never mix.
public struct Logger: Sendable {
    public let format: LogFormat
    /// Events below this level are not written.
    public let minimumLevel: LogLevel
    private let output: @Sendable ([UInt8]) -> Void
    private let clock: @Sendable () -> String

    /// `output` receives each finished line, newline included (standard error by default);
    /// `clock` gives each line's time (tests pin it).
    public init(
        format: LogFormat = .logfmt,
        minimumLevel: LogLevel = .info,
        clock: (@Sendable () -> String)? = nil,
        output: (@Sendable ([UInt8]) -> Void)? = nil
    ) {
        self.format = format
        self.minimumLevel = minimumLevel
        self.clock = clock ?? LogClock.now
        self.output = output ?? Logger.standardError
    }

    /// Writes nothing (for libraries used without a log, e.g. in tests).
    public static let silent = Logger(output: { _ in })

    /// Logs `event` (a dotted name, e.g. `ws.open`) with the session and user it belongs to,
    /// if any, and its own fields in order.
    public func log(
        _ level: LogLevel, _ event: String, session: String? = nil, user: String? = nil,
        _ fields: KeyValuePairs<String, String> = [:]
    ) {
        guard level >= minimumLevel else { return }
        let line = LogLine(time: clock(), level: level, event: event, session: session, user: user, fields: fields)
        output(line.rendered(as: format))
    }

    public func info(_ event: String, session: String? = nil, user: String? = nil, _ fields: KeyValuePairs<String, String> = [:]) {
        log(.info, event, session: session, user: user, fields)
    }

    public func warning(_ event: String, session: String? = nil, user: String? = nil, _ fields: KeyValuePairs<String, String> = [:]) {
        log(.warning, event, session: session, user: user, fields)
    }

    public func error(_ event: String, session: String? = nil, user: String? = nil, _ fields: KeyValuePairs<String, String> = [:]) {
        log(.error, event, session: session, user: user, fields)
    }

    private static let standardError: @Sendable ([UInt8]) -> Void = { line in
        line.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = Foundation.write(2, bytes.baseAddress! + offset, bytes.count - offset)
                if written <= 0 { return }
                offset += written
            }
        }
    }
}
