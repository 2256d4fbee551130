import Foundation

/// CPU time a process has used so far, user and system, from `/proc/PID/stat`.
public enum ProcessCPU {
    /// Seconds of CPU `pid` has used (this process when nil), or nil if it cannot be read.
    public static func seconds(pid: Int32? = nil) -> Double? {
        let path = "/proc/\(pid.map(String.init) ?? "self")/stat"
        guard let stat = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
        return seconds(stat: stat, ticksPerSecond: Double(sysconf(Int32(_SC_CLK_TCK))))
    }

    /// The sum over `pids`; nil when there are none or one cannot be read.
    public static func seconds(pids: [Int32]) -> Double? {
        guard !pids.isEmpty else { return nil }
        var total = 0.0
        for pid in pids {
            guard let seconds = seconds(pid: pid) else { return nil }
            total += seconds
        }
        return total
    }

    /// `utime + stime` of a stat line in seconds. The command name (field 2) is in parentheses
    /// and may hold spaces and parentheses itself, so fields are counted after its last `)`.
    public static func seconds(stat: String, ticksPerSecond: Double) -> Double? {
        guard ticksPerSecond > 0, let close = stat.lastIndex(of: ")") else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        // After the name: state (field 3) … utime (14), stime (15).
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return nil }
        return (user + system) / ticksPerSecond
    }
}
