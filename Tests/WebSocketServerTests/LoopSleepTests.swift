import Synchronization
import XCTest
@testable import WebSocketServer

/// A task on a service thread sleeps on a timer of that thread's own loop and wakes there, with
/// no other thread woken; it can be cancelled from any thread; a sleep elsewhere waits as
/// `Task.sleep` does. Real short deadlines: this is the live timer's own test.
final class LoopSleepTests: XCTestCase {
    /// A server's service thread, found through a connection to it.
    private func serviceExecutor() async throws -> ServiceExecutor {
        try await openConnection().server.executor
    }

    /// Runs `body` as a task on `executor`'s thread, as a session's effects run.
    private func onServiceThread<T: Sendable>(
        _ executor: ServiceExecutor, _ body: @escaping @Sendable () async throws -> T
    ) -> Task<T, any Error> {
        Task(executorPreference: executor) { try await body() }
    }

    func testASleepOnAServiceThreadIsHeldByItsLoopAndEndsAtItsDeadlineOnThatThread() async throws {
        let executor = try await serviceExecutor()
        let held = LoopSleepsProbe()
        let result = try await onServiceThread(executor) { () -> (Duration, Bool) in
            let start = ContinuousClock.now
            // Runs on the thread once this task is suspended in its sleep: the loop holds it (a
            // `Task.sleep` would be dispatch's, and wake other threads to come back). Counting the
            // mailbox's wake-ups instead read the live server's own mail too.
            executor.execute { held.record(ServiceThreads.pendingSleeps) }
            try await ServiceThreads.sleep(until: start + .milliseconds(30))
            return (start.duration(to: .now), executor.isCurrent)
        }.value
        XCTAssertGreaterThanOrEqual(result.0, .milliseconds(30), "not before the deadline")
        XCTAssertLessThan(result.0, .seconds(2), "not long after it either")
        XCTAssertTrue(result.1, "resumed on the service thread")
        XCTAssertEqual(held.recorded, 1, "the thread's loop held the sleep")
    }

    func testManySleepsEndInTheOrderOfTheirDeadlines() async throws {
        let executor = try await serviceExecutor()
        let woke = Mutex<[Int]>([])
        // Started all at once on the thread, deadlines out of order (two share one).
        let offsets = [40, 5, 25, 5, 60, 15, 1, 35, 50, 10]
        let sleeps = onServiceThread(executor) {
            let start = ContinuousClock.now
            try await withThrowingTaskGroup(of: Void.self) { group in
                for (index, offset) in offsets.enumerated() {
                    group.addTask(executorPreference: executor) { @Sendable in
                        try await ServiceThreads.sleep(until: start + .milliseconds(offset))
                        XCTAssertTrue(executor.isCurrent)
                        woke.withLock { $0.append(index) }
                    }
                }
                try await group.waitForAll()
            }
        }
        try await sleeps.value
        let byDeadline = offsets.indices.sorted { (offsets[$0], $0) < (offsets[$1], $1) }
        let order = woke.withLock { $0 }
        // Sleeps that share a deadline may wake in either order; deadlines apart never.
        XCTAssertEqual(order.map { offsets[$0] }, byDeadline.map { offsets[$0] })
    }

    func testASleepCancelledFromAnotherThreadEndsAtOnceWithCancellationError() async throws {
        let executor = try await serviceExecutor()
        let asleep = Atomic(false)
        let sleep = onServiceThread(executor) { () -> Duration in
            let start = ContinuousClock.now
            asleep.store(true, ordering: .releasing)
            do {
                try await ServiceThreads.sleep(until: start + .seconds(60))
            } catch is CancellationError {
                XCTAssertTrue(executor.isCurrent)
                return start.duration(to: .now)
            }
            XCTFail("slept to the deadline")
            return .zero
        }
        while !asleep.load(ordering: .acquiring) { await Task.yield() }
        sleep.cancel()
        let waited = try await sleep.value
        XCTAssertLessThan(waited, .seconds(30))
    }

    /// A search's debounce as a Store runs it: each keystroke cancels the sleep in flight, on the
    /// service thread, and starts another; only the last one answers, once.
    func testADebounceCancelledOnItsThreadNeverAnswersAndTheLastAnswersOnce() async throws {
        let executor = try await serviceExecutor()
        let answered = Mutex<[Int]>([])
        let sleeps = LoopSleepsProbe()
        try await onServiceThread(executor) {
            var inFlight: Task<Void, Never>?
            for keystroke in 0..<5 {
                inFlight?.cancel()
                inFlight = Task.immediate(executorPreference: executor) { @Sendable in
                    do {
                        try await ServiceThreads.sleep(until: .now + .milliseconds(20))
                        answered.withLock { $0.append(keystroke) }
                    } catch {}
                }
                await Task.yield()
            }
            await inFlight?.value
            sleeps.record(ServiceThreads.pendingSleeps)
        }.value
        XCTAssertEqual(answered.withLock { $0 }, [4])
        XCTAssertEqual(sleeps.recorded, 0, "the cancelled sleeps left nothing behind")
    }

    func testACancelledTaskDoesNotSleep() async throws {
        let executor = try await serviceExecutor()
        let sleep = onServiceThread(executor) {
            withUnsafeCurrentTask { $0?.cancel() }
            try await ServiceThreads.sleep(until: .now + .seconds(60))
        }
        do {
            try await sleep.value
            XCTFail("slept")
        } catch is CancellationError {}
    }

    func testASleepOffTheServiceThreadsStillWaitsAndCancels() async throws {
        let start = ContinuousClock.now
        try await ServiceThreads.sleep(until: start + .milliseconds(10))
        XCTAssertGreaterThanOrEqual(start.duration(to: .now), .milliseconds(10))

        let sleep = Task { try await ServiceThreads.sleep(until: .now + .seconds(60)) }
        sleep.cancel()
        do {
            try await sleep.value
            XCTFail("slept")
        } catch is CancellationError {}
    }
}

/// A value recorded on the service thread, read by the test.
private final class LoopSleepsProbe: Sendable {
    private let value = Mutex<Int?>(nil)
    func record(_ count: Int?) { value.withLock { $0 = count } }
    var recorded: Int? { value.withLock { $0 } }
}
