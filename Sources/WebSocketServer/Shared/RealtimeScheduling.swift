import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Real-time scheduling (`SCHED_FIFO`) for a whole process: `--realtime` of the server and of
/// the load tester.
///
/// Under the kernel's time-sharing scheduler (EEVDF) a thread woken by a frame can wait for a
/// core until the running thread's slice ends; with the server and the load tester sharing two
/// cores those waits were most of an action's p99 (docs/PERFORMANCE.md, "Where an action's
/// latency is spent"). A FIFO thread gets a core as soon as no other FIFO
/// thread holds it and keeps it until it blocks, which an event loop does after every batch.
/// The kernel keeps 5% of every core for time-shared threads (`sched_rt_runtime_us`), so a
/// runaway thread cannot take the machine.
public enum RealtimeScheduling {
    /// The lowest real-time priority: above every time-shared thread, below the kernel's own.
    public static let priority: Int32 = 1

    /// The kernel refused the policy.
    public struct Refused: Error, Equatable, CustomStringConvertible {
        public let errorNumber: Int32

        public var description: String {
            let reason = String(cString: strerror(errorNumber))
            return "real-time scheduling (SCHED_FIFO \(RealtimeScheduling.priority)) was refused: \(reason). "
                + "Run as root, or allow it with CAP_SYS_NICE or an RLIMIT_RTPRIO of at least 1 (systemd: LimitRTPRIO=1)."
        }
    }

    /// Puts every thread of this process at `SCHED_FIFO` `priority`; threads they start later
    /// inherit it. Call it early, before the process does its work.
    public static func enableForProcess() throws(Refused) {
        var done: Set<pid_t> = []
        // A thread started while the list was read may have been started by one not yet set:
        // read again until a pass finds none new.
        while true {
            let fresh = threadIDs().subtracting(done)
            if fresh.isEmpty { return }
            for tid in fresh { try enable(thread: tid) }
            done.formUnion(fresh)
        }
    }

    /// The calling thread alone, to real time or back to time sharing (for tests: the
    /// programs set the whole process).
    static func setCurrentThread(realtime: Bool) throws(Refused) {
        var parameters = sched_param(sched_priority: realtime ? priority : 0)
        let result = pthread_setschedparam(pthread_self(), realtime ? SCHED_FIFO : SCHED_OTHER, &parameters)
        if result != 0 { throw Refused(errorNumber: result) }
    }

    /// Whether the calling thread runs at real-time priority.
    static var currentThreadIsRealtime: Bool {
        var policy: Int32 = 0
        var parameters = sched_param()
        return pthread_getschedparam(pthread_self(), &policy, &parameters) == 0 && policy == SCHED_FIFO
    }

    private static func enable(thread: pid_t) throws(Refused) {
        var parameters = sched_param(sched_priority: priority)
        guard sched_setscheduler(thread, SCHED_FIFO, &parameters) == 0 else {
            // A thread that ended since the list was read is no error.
            if errno == ESRCH { return }
            throw Refused(errorNumber: errno)
        }
    }

    private static func threadIDs() -> Set<pid_t> {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
        return Set(names.compactMap { pid_t($0) })
    }
}
