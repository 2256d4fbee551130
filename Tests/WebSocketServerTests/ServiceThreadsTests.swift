import XCTest
@testable import WebSocketServer

/// A server with several service threads: one listens and spreads connections over all.
final class ServiceThreadsTests: XCTestCase {
    func testConnectionsAreDealtRoundRobinAndEachIsServedWhereItWasOpened() async throws {
        let (server, handler) = try startServer { $0.serviceThreads = 3 }
        let client = try WebSocketClient()
        addTeardownBlock { client.shutdown() }
        var connections: [ClientConnection] = []
        for _ in 0..<6 {
            let connection = client.connect(port: server.port)
            try await connection.waitUntilOpen()
            connections.append(connection)
        }
        for (index, connection) in connections.enumerated() {
            connection.send("m\(index)")
            let echo = try await connection.nextMessage()
            XCTAssertEqual(String(decoding: echo, as: UTF8.self), "m\(index)")
        }
        let threads = handler.openedOnThread.withLock { $0 }
        XCTAssertEqual(threads.count, 6, "six distinct connection ids")
        // Dealt in turn, every thread serves some. (Not exactly two each: a client's connect
        // retried under a loaded host is one more accepted socket, and shifts the turns.)
        let perThread = Dictionary(grouping: threads.values, by: { $0 }).mapValues(\.count)
        XCTAssertEqual(Set(perThread.keys), ["ws-server", "ws-server-1", "ws-server-2"], "\(perThread)")
        XCTAssertLessThanOrEqual(perThread.values.max() ?? 0, 3, "\(perThread)")
        // Each thread counts its own; the server's figures are their sum. (Counted before the
        // echo is sent: a message's write is counted after it, which the client may outrun.)
        XCTAssertEqual(server.metrics.openConnections, 6)
        XCTAssertEqual(server.metrics.messagesIn, 6)
        XCTAssertEqual(server.metrics.bytesIn, connections.indices.reduce(0) { $0 + "m\($1)".utf8.count })
    }

    func testHTTPIsServedByEveryThread() throws {
        let (server, _) = try startServer { $0.serviceThreads = 2 }
        for probe in 0..<4 {
            let response = try RawHTTPResponse.get(port: server.port, path: "/healthz?probe=\(probe)")
            XCTAssertEqual(response.status, 200)
            XCTAssertEqual(response.text, "ok GET \(probe)")
            XCTAssertEqual(try RawHTTPResponse.get(port: server.port, path: "/").status, 200)
        }
    }
}
