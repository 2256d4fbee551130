import XCTest
@testable import WebSocketServer

/// A server of two service threads placing connections by load (`spreadAbovePercent`): the
/// listening thread keeps them while it is below the threshold. The loads are set by the test
/// (the threads' own meters sample only after an hour).
final class FillThenSpreadTests: XCTestCase {
    private func startTwoThreads() throws -> (WebSocketServer, RecordingHandler) {
        try startServer {
            $0.serviceThreads = 2
            $0.spreadAbovePercent = 50
            $0.loadSampleInterval = .seconds(3600)
        }
    }

    private func open(_ count: Int, on server: WebSocketServer, handler: RecordingHandler,
                      client: WebSocketClient) async throws -> [String] {
        var threads: [String] = []
        for index in 0..<count {
            let connection = client.connect(port: server.port)
            try await connection.waitUntilOpen()
            // Echoed where it was opened: the thread that took it serves it.
            connection.send("m\(index)")
            let echo = try await connection.nextMessage()
            XCTAssertEqual(String(decoding: echo, as: UTF8.self), "m\(index)")
            // Ids grow, and the echo came after the handler heard of the connection.
            threads.append(try XCTUnwrap(handler.openedOnThread.withLock { $0.max { $0.key < $1.key }?.value }))
        }
        return threads
    }

    func testConnectionsMadeWhileIdleAllStayOnTheListeningThread() async throws {
        let (server, handler) = try startTwoThreads()
        let client = try WebSocketClient()
        addTeardownBlock { client.shutdown() }
        let threads = try await open(6, on: server, handler: handler, client: client)
        XCTAssertEqual(threads, Array(repeating: "ws-server", count: 6))
    }

    func testConnectionsSpreadOnceTheListeningThreadIsAboveTheThreshold() async throws {
        let (server, handler) = try startTwoThreads()
        let client = try WebSocketClient()
        addTeardownBlock { client.shutdown() }
        var placed = try await open(2, on: server, handler: handler, client: client)
        XCTAssertEqual(placed, ["ws-server", "ws-server"])

        server.loads[0].report(busyPermille: 600)
        placed = try await open(3, on: server, handler: handler, client: client)
        XCTAssertEqual(placed, Array(repeating: "ws-server-1", count: 3))

        // Both above it: the least busy takes the next.
        server.loads[1].report(busyPermille: 800)
        placed = try await open(2, on: server, handler: handler, client: client)
        XCTAssertEqual(placed, ["ws-server", "ws-server"])

        server.loads[0].report(busyPermille: 900)
        placed = try await open(1, on: server, handler: handler, client: client)
        XCTAssertEqual(placed, ["ws-server-1"])
        XCTAssertEqual(server.metrics.openConnections, 8)
    }
}
