@testable import PokedexServer
import Synchronization
import TestSupport
import XCTest

/// The throttle on a hand-stepped clock: what runs at once, what folds into the trailing run,
/// and when that runs, without waiting for real time.
final class RefreshThrottleTests: XCTestCase {
    func testTheFirstRefreshRunsAtOnceAndTheRestOfTheIntervalFoldsIntoOneMore() async {
        let clock = ManualClock()
        let throttle = RefreshThrottle(interval: .milliseconds(50), clock: clock.clock)
        let runsOfA = Mutex(0), runsOfB = Mutex(0)
        let trailing = expectation(description: "one trailing refresh of a")
        for _ in 0..<5 {
            throttle.run("a") {
                if runsOfA.withLock({ $0 += 1; return $0 }) == 2 { trailing.fulfill() }
            }
        }
        XCTAssertEqual(runsOfA.withLock { $0 }, 1)
        // Another key is not held back by the first.
        throttle.run("b") { runsOfB.withLock { $0 += 1 } }
        XCTAssertEqual(runsOfB.withLock { $0 }, 1)

        // The four calls during the interval wait for its end, as one.
        await clock.sleepers(1)
        clock.advance(by: .milliseconds(49))
        XCTAssertEqual(runsOfA.withLock { $0 }, 1)
        clock.advance(by: .milliseconds(1))
        await fulfillment(of: [trailing], timeout: 5)
        XCTAssertEqual(runsOfA.withLock { $0 }, 2)
    }

    func testACallAfterTheTrailingRunWaitsForItsOwnInterval() async throws {
        let clock = ManualClock()
        let throttle = RefreshThrottle(interval: .milliseconds(100), clock: clock.clock)
        let runs = Mutex(0)
        let third = expectation(description: "a third run")
        let count = { @Sendable in if runs.withLock({ $0 += 1; return $0 }) == 3 { third.fulfill() } }
        throttle.run("roster", count)
        throttle.run("roster", count)
        await clock.sleepers(1)
        clock.advance(by: .milliseconds(100))
        // The trailing run counts as the last one: a call now is held for another interval.
        try await waitUntil("the throttled second run") { runs.withLock { $0 } == 2 }
        throttle.run("roster", count)
        XCTAssertEqual(runs.withLock { $0 }, 2)
        await clock.sleepers(1)
        clock.advance(by: .milliseconds(100))
        await fulfillment(of: [third], timeout: 5)
    }

    func testAnIntervalOverRunsTheNextCallAtOnce() {
        let clock = ManualClock()
        let throttle = RefreshThrottle(interval: .milliseconds(100), clock: clock.clock)
        let runs = Mutex(0)
        throttle.run("roster") { runs.withLock { $0 += 1 } }
        clock.advance(by: .milliseconds(100))
        throttle.run("roster") { runs.withLock { $0 += 1 } }
        XCTAssertEqual(runs.withLock { $0 }, 2)
    }
}
