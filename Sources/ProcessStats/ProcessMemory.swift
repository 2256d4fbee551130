import Foundation

/// A process's resident memory, from `/proc/PID/status`.
public enum ProcessMemory {
    /// VmRSS of `pid` (this process when nil) in KiB, or nil if the process or the field is missing.
    public static func residentKiB(pid: Int32? = nil) -> Int? {
        let path = "/proc/\(pid.map(String.init) ?? "self")/status"
        guard let status = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
        return residentKiB(status: status)
    }

    static func residentKiB(status: String) -> Int? {
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }) else { return nil }
        return line.split(whereSeparator: \.isWhitespace).dropFirst().first.flatMap { Int($0) }
    }
}
