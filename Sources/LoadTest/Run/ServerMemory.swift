import Foundation

/// The server's resident memory (VmRSS from /proc/PID/status) before and after connecting.
struct ServerMemory: Sendable, Equatable {
    var beforeKiB: Int
    var afterKiB: Int
    var sessions: Int

    var kibPerSession: Double {
        sessions == 0 ? 0 : Double(afterKiB - beforeKiB) / Double(sessions)
    }
}
