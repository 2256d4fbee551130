import SeededRandom
@testable import LoadTest
import Synchronization
import XCTest

final class SchedulerTests: XCTestCase {
    func testTheHeapGivesBackItsElementsSmallestFirst() {
        var heap = MinHeap<Int>()
        var generator = SeededGenerator(seed: 3)
        let values = (0..<200).map { _ in Int.random(in: -50...50, using: &generator) }
        for value in values { heap.insert(value) }
        XCTAssertEqual(heap.min, values.min())
        var drained: [Int] = []
        while let value = heap.removeMin() { drained.append(value) }
        XCTAssertEqual(drained, values.sorted())
        XCTAssertTrue(heap.isEmpty)
    }

    func testWorkRunsInTheOrderItIsDue() {
        let scheduler = Scheduler()
        defer { scheduler.stop() }
        let order = Mutex<[Int]>([])
        let done = expectation(description: "all three ran")
        done.expectedFulfillmentCount = 3
        for milliseconds in [30, 10, 20] {
            scheduler.after(.milliseconds(milliseconds)) {
                order.withLock { $0.append(milliseconds) }
                done.fulfill()
            }
        }
        wait(for: [done], timeout: 5)
        XCTAssertEqual(order.withLock { $0 }, [10, 20, 30])
    }

    /// The thread sleeps until the first slot with work (here five seconds away, capped at one):
    /// work added for sooner must wake it, or it would run a second late.
    func testWorkDueBeforeTheThreadWakesWakesIt() {
        let scheduler = Scheduler()
        defer { scheduler.stop() }
        scheduler.after(.seconds(5)) {}
        let later = expectation(description: "later work started the long sleep")
        scheduler.after(.milliseconds(5)) { later.fulfill() }
        wait(for: [later], timeout: 5)
        // The thread is now asleep until the five-second slot (at most a second).
        let soon = expectation(description: "work due in 10 ms ran")
        scheduler.after(.milliseconds(10)) { soon.fulfill() }
        wait(for: [soon], timeout: 0.5)
    }

    /// Stepped by hand: work runs once its time has come and not before, earliest first, and
    /// work added for sooner than the thread's planned wake-up is not held back by it.
    func testASteppedClockRunsWorkExactlyWhenItIsDue() {
        let clock = SteppedSchedulerClock()
        let scheduler = Scheduler(clock: clock)
        defer { scheduler.stop() }
        clock.waitUntilAsleep()
        let ran = Mutex<[Int]>([])
        for milliseconds in [30, 10, 20, 2000] {
            scheduler.after(.milliseconds(milliseconds)) { ran.withLock { $0.append(milliseconds) } }
        }
        clock.advance(by: .milliseconds(9))
        XCTAssertEqual(ran.withLock { $0 }, [])
        clock.advance(by: .milliseconds(1))
        XCTAssertEqual(ran.withLock { $0 }, [10])
        clock.advance(by: .milliseconds(25))
        XCTAssertEqual(ran.withLock { $0 }, [10, 20, 30])
        // The thread now sleeps toward the 2 s work (a second at most); 5 ms work comes first.
        scheduler.after(.milliseconds(5)) { ran.withLock { $0.append(5) } }
        clock.advance(by: .milliseconds(5))
        XCTAssertEqual(ran.withLock { $0 }, [10, 20, 30, 5])
        clock.advance(by: .milliseconds(1960))
        XCTAssertEqual(ran.withLock { $0 }, [10, 20, 30, 5, 2000])
    }
}
