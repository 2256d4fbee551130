import Synchronization
import XCTest
@testable import WebSocketServer

/// Work queued for a service thread: from another thread it wakes the thread; queued by the
/// service thread for itself it wakes no one and still runs before the thread next waits.
final class ServiceMailTests: XCTestCase {
    func testTheServiceThreadsOwnMailRunsWithoutAWakeUp() async throws {
        let (server, handler) = try startServer()
        let client = try WebSocketClient()
        addTeardownBlock { client.shutdown() }
        try await client.connect(port: server.port).waitUntilOpen()
        guard case .opened(let id) = try await handler.next(), let executor = handler.connection(id: id)?.executor else {
            return XCTFail("not opened")
        }
        let mailbox = executor.mailbox
        let outer = expectation(description: "work queued from the test ran")
        let inner = expectation(description: "work the service thread queued for itself ran")
        let wakes = Mutex<(fromTest: Int, fromServiceThread: Int)>((0, 0))
        let beforeTest = mailbox.wakeCount.load(ordering: .relaxed)

        executor.execute {
            XCTAssertTrue(executor.isCurrent)
            let beforeOwn = mailbox.wakeCount.load(ordering: .relaxed)
            wakes.withLock { $0.fromTest = beforeOwn - beforeTest }
            outer.fulfill()
            executor.execute {
                XCTAssertTrue(executor.isCurrent)
                wakes.withLock { $0.fromServiceThread = mailbox.wakeCount.load(ordering: .relaxed) - beforeOwn }
                inner.fulfill()
            }
        }

        await fulfillment(of: [outer, inner], timeout: 5, enforceOrder: true)
        let counted = wakes.withLock { $0 }
        XCTAssertEqual(counted.fromTest, 1, "work from another thread wakes the service thread")
        XCTAssertEqual(counted.fromServiceThread, 0, "its own work does not")
    }
}
