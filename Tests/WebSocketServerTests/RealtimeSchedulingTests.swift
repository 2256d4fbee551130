import Foundation
@testable import WebSocketServer
import XCTest

final class RealtimeSchedulingTests: XCTestCase {
    /// `enableForProcess` relies on new threads inheriting their creator's policy.
    func testARealtimeThreadStartsRealtimeThreads() throws {
        guard Self.mayUseRealtime else {
            XCTAssertThrowsError(try RealtimeScheduling.setCurrentThread(realtime: true)) { error in
                XCTAssertEqual(error as? RealtimeScheduling.Refused, RealtimeScheduling.Refused(errorNumber: EPERM))
            }
            return
        }
        let result = Self.onOwnThread { () -> (set: Bool, child: Bool, reset: Bool) in
            let set = (try? RealtimeScheduling.setCurrentThread(realtime: true)) != nil && RealtimeScheduling.currentThreadIsRealtime
            let child = Self.onOwnThread { RealtimeScheduling.currentThreadIsRealtime }
            let reset = (try? RealtimeScheduling.setCurrentThread(realtime: false)) != nil && !RealtimeScheduling.currentThreadIsRealtime
            return (set, child, reset)
        }
        XCTAssertTrue(result.set, "the thread runs at SCHED_FIFO")
        XCTAssertTrue(result.child, "a thread it started inherited SCHED_FIFO")
        XCTAssertTrue(result.reset, "and it went back to time sharing")
        XCTAssertFalse(RealtimeScheduling.currentThreadIsRealtime, "other threads are untouched")
    }

    func testARefusalSaysWhyAndHowToAllowIt() {
        let refusal = RealtimeScheduling.Refused(errorNumber: EPERM)
        XCTAssertTrue(refusal.description.contains("Operation not permitted"), refusal.description)
        XCTAssertTrue(refusal.description.contains("LimitRTPRIO=1"), refusal.description)
    }

    /// What the kernel asks of a thread that sets SCHED_FIFO: CAP_SYS_NICE (bit 23 of the
    /// effective set; root has it unless a container dropped it) or an RLIMIT_RTPRIO of at
    /// least 1 (resource 14 on Linux).
    static var mayUseRealtime: Bool {
        var limit = rlimit()
        if getrlimit(__rlimit_resource_t(14), &limit) == 0, limit.rlim_cur >= 1 { return true }
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix("CapEff:") }),
              let effective = UInt64(line.dropFirst("CapEff:".count).trimmingCharacters(in: .whitespaces), radix: 16) else { return false }
        return effective & (1 << 23) != 0
    }

    /// Runs `body` on a thread of its own and returns what it returned.
    private static func onOwnThread<T: Sendable>(_ body: @escaping @Sendable () -> T) -> T {
        let done = DispatchSemaphore(value: 0)
        let box = ResultBox<T>()
        let thread = Thread {
            box.value = body()
            done.signal()
        }
        thread.start()
        done.wait()
        return box.value!
    }
}

private final class ResultBox<T>: @unchecked Sendable {
    // Written by the thread before it signals, read after the wait.
    var value: T?
}
