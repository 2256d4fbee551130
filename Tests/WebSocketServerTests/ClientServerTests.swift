import Synchronization
import XCTest
@testable import WebSocketServer

/// Our client against our server.
final class ClientServerTests: XCTestCase {
    private func makeClient() throws -> WebSocketClient {
        let client = try WebSocketClient()
        addTeardownBlock { client.shutdown() }
        return client
    }

    func testEchoRoundTrip() async throws {
        let (server, _) = try startServer()
        let connection = try makeClient().connect(port: server.port)
        try await connection.waitUntilOpen()
        XCTAssertEqual(connection.send("héllo"), .queued)
        let echo = try await connection.nextMessage()
        XCTAssertEqual(String(decoding: echo, as: UTF8.self), "héllo")
        XCTAssertEqual(server.metrics.messagesIn, 1)
        XCTAssertEqual(server.metrics.openConnections, 1)
    }

    func testMessagesSentBeforeOpenAreDeliveredInOrder() async throws {
        let (server, _) = try startServer()
        let connection = try makeClient().connect(port: server.port)
        for index in 0..<5 { connection.send("m\(index)") }
        var received: [String] = []
        for _ in 0..<5 { received.append(String(decoding: try await connection.nextMessage(), as: UTF8.self)) }
        XCTAssertEqual(received, ["m0", "m1", "m2", "m3", "m4"])
    }

    func testServerCloseCodeReachesTheClient() async throws {
        let (server, handler) = try startServer()
        let connection = try makeClient().connect(port: server.port)
        try await connection.waitUntilOpen()
        guard case .opened(let id) = try await handler.next() else { return XCTFail("not opened") }
        handler.connection(id: id)?.close(code: 4001, reason: "bye")
        let code = try await connection.closeCode()
        XCTAssertEqual(code, 4001)
    }

    func testClientCloseCodeReachesTheServer() async throws {
        let (server, handler) = try startServer()
        let connection = try makeClient().connect(port: server.port)
        try await connection.waitUntilOpen()
        guard case .opened(let id) = try await handler.next() else { return XCTFail("not opened") }
        connection.close(code: 4002)
        let event = try await handler.next()
        XCTAssertEqual(event, .closed(id, code: 4002))
        let clientCode = try await connection.closeCode()
        XCTAssertEqual(clientCode, 4002)
    }

    func testOriginIsCheckedForOurClientToo() async throws {
        let (server, _) = try startServer()
        let client = try makeClient()
        let own = client.connect(port: server.port, origin: "http://localhost:\(server.port)")
        try await own.waitUntilOpen()
        let foreign = client.connect(port: server.port, origin: "http://evil.example")
        guard case .error = try await foreign.nextEvent() else { return XCTFail("foreign origin accepted") }
    }

    func testConnectionRefusedIsAnError() async throws {
        let (server, _) = try startServer()
        let port = server.port
        server.shutdown()
        let connection = try makeClient().connect(port: port)
        guard case .error = try await connection.nextEvent() else { return XCTFail("connected to a closed port") }
    }

    func testSourceAddressIsUsed() async throws {
        let (server, handler) = try startServer()
        let connection = try makeClient().connect(port: server.port, sourceAddress: "127.0.0.2")
        try await connection.waitUntilOpen()
        guard case .opened(let id) = try await handler.next() else { return XCTFail("not opened") }
        XCTAssertEqual(handler.connection(id: id)?.remoteAddress, "127.0.0.2")
    }

    func testShutdownSends1001ToOurClients() async throws {
        // With several service threads, every thread's connections are closed.
        for threads in [1, 2] {
            let (server, _) = try startServer { $0.serviceThreads = threads }
            let client = try makeClient()
            let connections = (0..<5).map { _ in client.connect(port: server.port) }
            for connection in connections { try await connection.waitUntilOpen() }
            await Task.detached { server.shutdown() }.value
            for connection in connections {
                let code = try await connection.closeCode()
                XCTAssertEqual(code, 1001, "\(threads) service threads")
            }
            XCTAssertEqual(server.metrics.openConnections, 0)
        }
    }

    func testConnectionsBeyondTheConnectWindowAllOpen() async throws {
        let (server, handler) = try startServer()
        let client = try makeClient()
        let connections = (0..<(ConnectWindow.limit + 44)).map { _ in client.connect(port: server.port) }
        for connection in connections { try await connection.waitUntilOpen() }
        for _ in connections {
            guard case .opened = try await handler.next() else { return XCTFail("not opened on the server") }
        }
    }

    func testFailedConnectsBeyondTheConnectWindowAllReportErrors() async throws {
        let (server, _) = try startServer()
        let port = server.port
        server.shutdown()
        let client = try makeClient()
        let connections = (0..<(ConnectWindow.limit + 44)).map { _ in client.connect(port: port) }
        for connection in connections {
            guard case .error = try await connection.nextEvent() else { return XCTFail("connected to a closed port") }
        }
    }

    func testShutdownEndsConnectionsStillWaitingForTheConnectWindow() async throws {
        let (server, _) = try startServer()
        let client = try makeClient()
        let connections = (0..<(ConnectWindow.limit + 44)).map { _ in client.connect(port: server.port) }
        client.shutdown()
        for connection in connections {
            while true {
                let event = try await connection.nextEvent()
                if case .opened = event { continue }
                break
            }
        }
    }

    func testSendsFromManyThreadsArriveInPerThreadOrder() async throws {
        let (server, handler) = try startServer()
        let connection = try makeClient().connect(port: server.port)
        try await connection.waitUntilOpen()
        guard case .opened(let id) = try await handler.next() else { return XCTFail("not opened") }
        let serverSide = try XCTUnwrap(handler.connection(id: id))

        let threads = 8, perThread = 500
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            for index in 0..<perThread { serverSide.send("\(thread):\(index)") }
        }
        var nextIndex = [Int](repeating: 0, count: threads)
        for _ in 0..<(threads * perThread) {
            let parts = String(decoding: try await connection.nextMessage(), as: UTF8.self).split(separator: ":")
            let (thread, index) = (Int(parts[0])!, Int(parts[1])!)
            XCTAssertEqual(index, nextIndex[thread], "thread \(thread) out of order")
            nextIndex[thread] = index + 1
        }
        XCTAssertEqual(nextIndex, [Int](repeating: perThread, count: threads))
    }
}
