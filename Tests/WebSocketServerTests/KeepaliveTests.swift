import XCTest
@testable import WebSocketServer

/// The server's keepalive sweep: silent connections are pinged, and dropped if they stay silent.
final class KeepaliveTests: XCTestCase {
    func testSilentConnectionIsPingedAgainAfterEachPong() async throws {
        let (server, handler) = try startServer {
            $0.pingInterval = .milliseconds(100)
            $0.idleTimeout = .seconds(60)
        }
        let socket = try RawWebSocket(port: server.port)
        guard case .opened = try await handler.next() else { return XCTFail("not opened") }
        // A second ping comes only if the pong was heard (one ping per silence otherwise).
        for _ in 0..<2 {
            let frame = try socket.readFrame()
            XCTAssertEqual(frame.opcode, RawWebSocket.Opcode.ping.rawValue)
            socket.sendFrame(.pong, frame.payload)
        }
    }

    func testConnectionSilentPastTheIdleTimeoutIsDroppedWithoutCloseFrame() async throws {
        let (server, handler) = try startServer {
            $0.pingInterval = .milliseconds(100)
            $0.idleTimeout = .milliseconds(300)
        }
        let socket = try RawWebSocket(port: server.port)
        guard case .opened(let id) = try await handler.next() else { return XCTFail("not opened") }
        XCTAssertEqual(try socket.readFrame().opcode, RawWebSocket.Opcode.ping.rawValue)
        // Never answered.
        let event = try await handler.next()
        XCTAssertEqual(event, .closed(id, code: 1006))
        XCTAssertThrowsError(try socket.readFrame(), "a frame after the drop")
    }
}
