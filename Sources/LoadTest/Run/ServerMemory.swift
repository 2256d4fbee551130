import Foundation

/// The server's resident memory (VmRSS from /proc/PID/status) before and after connecting.
struct ServerMemory: Sendable, Equatable {
    var beforeKiB: Int
    var afterKiB: Int
    var sessions: Int

    var kibPerSession: Double {
        sessions == 0 ? 0 : Double(afterKiB - beforeKiB) / Double(sessions)
    }

    /// VmRSS of `pid` in KiB, or nil if the process or the field is missing.
    static func residentKiB(pid: Int32) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }) else { return nil }
        return line.split(whereSeparator: \.isWhitespace).dropFirst().first.flatMap { Int($0) }
    }
}
