import XCTest
@testable import WebSocketServer

final class ShutdownTests: XCTestCase {
    func testShutdownClosesEveryWebSocketWith1001() async throws {
        let (server, handler) = try startServer()
        let sockets = try (0..<3).map { _ in try RawWebSocket(port: server.port) }
        for _ in sockets {
            guard case .opened = try await handler.next() else { return XCTFail("not opened") }
        }
        let stopped = Task.detached { server.shutdown(deadline: .now + .seconds(10)) }

        for socket in sockets {
            XCTAssertEqual(try socket.readCloseCode(), 1001)
        }
        await stopped.value
        var codes: [UInt16] = []
        for _ in sockets {
            guard case .closed(_, let code) = try await handler.next() else { return XCTFail("not closed") }
            codes.append(code)
        }
        XCTAssertEqual(codes, [1001, 1001, 1001])
        XCTAssertEqual(server.metrics.openConnections, 0)
        XCTAssertThrowsError(try RawHTTPResponse.get(port: server.port, path: "/"), "still listening")
    }

    func testShutdownDropsConnectionsStillBusyAtTheDeadline() async throws {
        let (server, handler) = try startServer { $0.outboundQueueCapBytes = 64 << 20 }
        // Never reads, so 32 MiB queued for it cannot be written before the deadline.
        let stalled = try RawWebSocket(port: server.port)
        guard case .opened(let id) = try await handler.next() else { return XCTFail("not opened") }
        let connection = try XCTUnwrap(handler.connection(id: id))
        for _ in 0..<32 {
            XCTAssertEqual(connection.send([UInt8](repeating: UInt8(ascii: "z"), count: 1 << 20)), .queued)
        }
        server.shutdown(deadline: .now + .milliseconds(300))
        let event = try await handler.next()
        XCTAssertEqual(event, .closed(id, code: 1006))
        XCTAssertEqual(server.metrics.openConnections, 0)
        withExtendedLifetime(stalled) {}
    }
}
