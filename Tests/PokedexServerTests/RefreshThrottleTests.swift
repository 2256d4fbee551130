@testable import PokedexServer
import Synchronization
import XCTest

final class RefreshThrottleTests: XCTestCase {
    func testTheFirstRefreshRunsAtOnceAndTheRestOfTheIntervalFoldsIntoOneMore() async {
        let throttle = RefreshThrottle(interval: .milliseconds(50))
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
        await fulfillment(of: [trailing], timeout: 5)
        XCTAssertEqual(runsOfA.withLock { $0 }, 2)
    }
}
