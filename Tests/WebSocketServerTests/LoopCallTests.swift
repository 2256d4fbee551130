import Synchronization
import XCTest
@testable import WebSocketServer

/// A call scheduled on a service thread (`ServiceThreads.schedule`, a Store's delayed send) runs
/// on that thread once its deadline passes, with no task; a cancelled one never runs; off a
/// service thread nothing is scheduled (the caller sleeps in a task instead).
final class LoopCallTests: XCTestCase {
    func testACallRunsOnItsThreadAtItsDeadlineAndACancelledOneNever() async throws {
        let executor = try await openConnection().server.executor
        let ran = Mutex<[(String, Duration, Bool)]>([])
        let done = AsyncStream<Void>.makeStream()
        let start = ContinuousClock.now
        executor.execute {
            let cancelled = ServiceThreads.schedule(at: start + .milliseconds(10)) {
                ran.withLock { $0.append(("cancelled", start.duration(to: .now), executor.isCurrent)) }
            }
            _ = ServiceThreads.schedule(at: start + .milliseconds(30)) {
                ran.withLock { $0.append(("kept", start.duration(to: .now), executor.isCurrent)) }
                done.continuation.yield()
            }
            XCTAssertNotNil(cancelled)
            cancelled?.cancel()
        }
        for await _ in done.stream { break }
        let calls = ran.withLock { $0 }
        XCTAssertEqual(calls.map(\.0), ["kept"])
        XCTAssertGreaterThanOrEqual(calls[0].1, .milliseconds(30), "not before its deadline")
        XCTAssertTrue(calls[0].2, "on the service thread")
    }

    func testOffTheServiceThreadsNothingIsScheduled() {
        XCTAssertNil(ServiceThreads.schedule(at: .now) {})
    }
}
