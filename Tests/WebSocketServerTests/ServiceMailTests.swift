import Dispatch
import Synchronization
import XCTest
@testable import WebSocketServer

/// Work queued for a service thread: from another thread it wakes the thread; queued by the
/// service thread for itself it wakes no one and still runs before the thread next waits. A long
/// backlog is carried out a slice at a time, so the thread returns to its sockets in between (a
/// fan-out queues one notification per member).
final class ServiceMailTests: XCTestCase {
    /// The executor of a server's service thread, found through a connection to it.
    private func connectionExecutor() async throws -> ServiceExecutor {
        let (server, handler) = try startServer()
        let client = try WebSocketClient()
        addTeardownBlock { client.shutdown() }
        try await client.connect(port: server.port).waitUntilOpen()
        guard case .opened(let id) = try await handler.next(), let executor = handler.connection(id: id)?.executor else {
            throw NotOpened()
        }
        return executor
    }

    private struct NotOpened: Error {}

    func testTheServiceThreadsOwnMailRunsWithoutAWakeUp() async throws {
        let executor = try await connectionExecutor()
        let mailbox = executor.mailbox
        let outer = expectation(description: "work queued from the test ran")
        let inner = expectation(description: "work the service thread queued for itself ran")
        let wakesByOwnPush = Mutex<Int?>(nil)
        // Holds the service thread in the first job while the test counts its own push's wake,
        // so no wake-up the thread sends itself later (for mail a drain left) is counted.
        let counted = DispatchSemaphore(value: 0)

        let beforeTest = mailbox.wakeCount.load(ordering: .relaxed)
        executor.execute {
            counted.wait()
            XCTAssertTrue(executor.isCurrent)
            outer.fulfill()
            let beforeOwn = mailbox.wakeCount.load(ordering: .relaxed)
            executor.execute {
                XCTAssertTrue(executor.isCurrent)
                inner.fulfill()
            }
            wakesByOwnPush.withLock { $0 = mailbox.wakeCount.load(ordering: .relaxed) - beforeOwn }
        }
        // `execute` returns after its wake-up was sent.
        let wakesByTestPush = mailbox.wakeCount.load(ordering: .relaxed) - beforeTest
        counted.signal()

        await fulfillment(of: [outer, inner], timeout: 5, enforceOrder: true)
        XCTAssertEqual(wakesByTestPush, 1, "work from another thread wakes the service thread")
        XCTAssertEqual(wakesByOwnPush.withLock { $0 }, 0, "its own work does not")
    }

    func testABacklogRunsInOrderASliceAPassWakingTheThreadForTheRest() async throws {
        let executor = try await connectionExecutor()
        let mailbox = executor.mailbox
        let backlog = ServerLoop.mailPerTurn * 2 + 88
        let blocked = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let ran = Mutex<[Int]>([])
        let allRan = expectation(description: "the whole backlog ran")

        // The service thread waits while the backlog is queued, so all of it is there at once.
        executor.execute {
            blocked.signal()
            release.wait()
        }
        blocked.wait()
        let wakesBefore = mailbox.wakeCount.load(ordering: .relaxed)
        for index in 0..<backlog {
            executor.execute {
                let count = ran.withLock { ran in
                    ran.append(index)
                    return ran.count
                }
                if count == backlog { allRan.fulfill() }
            }
        }
        release.signal()
        await fulfillment(of: [allRan], timeout: 5)

        XCTAssertEqual(ran.withLock { $0 }, Array(0..<backlog), "in the order queued")
        let wakes = mailbox.wakeCount.load(ordering: .relaxed) - wakesBefore
        // One for the first item queued; the rest the thread sent itself for what a slice left.
        XCTAssertGreaterThan(wakes, 1)
    }

    func testDrainUpToALimitTakesTheOldestAndLeavesTheRest() {
        let mailbox = Mailbox<Int>()
        for item in 1...5 { mailbox.push(item) }
        XCTAssertTrue(mailbox.drain(upTo: 2) == ([1, 2], true))
        mailbox.push(6)
        XCTAssertTrue(mailbox.drain(upTo: 10) == ([3, 4, 5, 6], false))
        XCTAssertTrue(mailbox.drain(upTo: 10) == ([], false))
    }

    func testItemsQueuedWhileOlderOnesWaitComeOutAfterThemInEveryWayOut() {
        let mailbox = Mailbox<Int>()
        for item in 1...5 { mailbox.push(item) }
        XCTAssertEqual(mailbox.drain(upTo: 2).items, [1, 2])
        mailbox.push(6)
        mailbox.push(7)
        XCTAssertEqual(mailbox.drain(upTo: 4).items, [3, 4, 5, 6])
        mailbox.push(8)
        XCTAssertEqual(mailbox.drain(), [7, 8])
        for item in 9...12 { mailbox.push(item) }
        XCTAssertEqual(mailbox.drain(upTo: 1).items, [9])
        mailbox.push(13)
        XCTAssertEqual(mailbox.close(), [10, 11, 12, 13])
        XCTAssertFalse(mailbox.push(14), "a closed box takes nothing")
    }
}
