import XCTest
@testable import WebSocketServer

/// The server against hand-built frames: what browsers send and what they must not.
final class WebSocketProtocolTests: XCTestCase {
    /// The application decides whether to believe it (only from a proxy it trusts).
    func testTheUpgradesForwardedForHeaderReachesTheConnection() async throws {
        let (server, handler) = try startServer()
        let proxied = try RawWebSocket(port: server.port, headers: ["X-Forwarded-For": "203.0.113.7, 198.51.100.2"])
        XCTAssertEqual(proxied.upgradeStatus, 101)
        guard case .opened(let id) = try await handler.next() else { return XCTFail("not opened") }
        let connection = try XCTUnwrap(handler.connection(id: id))
        XCTAssertEqual(connection.forwardedFor, "203.0.113.7, 198.51.100.2")
        XCTAssertEqual(connection.remoteAddress, "127.0.0.1")

        let direct = try RawWebSocket(port: server.port)
        XCTAssertEqual(direct.upgradeStatus, 101)
        guard case .opened(let directID) = try await handler.next() else { return XCTFail("not opened") }
        XCTAssertNil(try XCTUnwrap(handler.connection(id: directID)).forwardedFor)
    }

    func testFragmentedMessageJustUnderTheLimitIsReassembled() async throws {
        let (server, handler) = try startServer { $0.maxMessageBytes = 64 * 1024 }
        let socket = try RawWebSocket(port: server.port)
        XCTAssertEqual(socket.upgradeStatus, 101)
        guard case .opened(let id) = try await handler.next() else { return XCTFail("not opened") }

        let message = (0..<(64 * 1024)).map { UInt8(ascii: "a") + UInt8($0 % 26) }
        socket.sendFrame(.text, Array(message[..<20_000]), final: false)
        socket.sendFrame(.continuation, Array(message[20_000..<50_000]), final: false)
        socket.sendFrame(.continuation, Array(message[50_000...]))

        let event = try await handler.next()
        XCTAssertEqual(event, .text(id, message))
        let echo = try socket.readFrame()
        XCTAssertEqual(echo.opcode, 1)
        XCTAssertEqual(echo.payload, message)
    }

    func testMessageOverTheLimitClosesWith1009() async throws {
        let (server, handler) = try startServer { $0.maxMessageBytes = 1000 }
        let socket = try RawWebSocket(port: server.port)
        guard case .opened(let id) = try await handler.next() else { return XCTFail("not opened") }
        socket.sendFrame(.text, Array(repeating: UInt8(ascii: "x"), count: 600), final: false)
        socket.sendFrame(.continuation, Array(repeating: UInt8(ascii: "x"), count: 600))
        XCTAssertEqual(try socket.readCloseCode(), 1009)
        let event = try await handler.next()
        XCTAssertEqual(event, .closed(id, code: 1009))
    }

    func testInvalidUTF8ClosesWith1007() async throws {
        let (server, handler) = try startServer()
        let socket = try RawWebSocket(port: server.port)
        guard case .opened = try await handler.next() else { return XCTFail("not opened") }
        socket.sendFrame(.text, [0x68, 0x69, 0xC3, 0x28])
        XCTAssertEqual(try socket.readCloseCode(), 1007)
        guard case .closed = try await handler.next() else { return XCTFail("not closed") }
    }

    func testBinaryFrameClosesWith1003() async throws {
        let (server, handler) = try startServer()
        let socket = try RawWebSocket(port: server.port)
        guard case .opened(let id) = try await handler.next() else { return XCTFail("not opened") }
        socket.sendFrame(.binary, [1, 2, 3])
        XCTAssertEqual(try socket.readCloseCode(), 1003)
        let event = try await handler.next()
        XCTAssertEqual(event, .closed(id, code: 1003))
    }

    func testPeerCloseCodeReachesTheHandler() async throws {
        let (server, handler) = try startServer()
        let socket = try RawWebSocket(port: server.port)
        guard case .opened(let id) = try await handler.next() else { return XCTFail("not opened") }
        socket.sendFrame(.close, [0x0F, 0xA0])  // 4000
        let event = try await handler.next()
        XCTAssertEqual(event, .closed(id, code: 4000))
    }

    func testOwnAndConfiguredOriginsAndNoOriginAreAccepted() async throws {
        let (server, _) = try startServer { $0.allowedOrigins = ["https://pokedex.example"] }
        let port = server.port
        for origin in ["http://127.0.0.1:\(port)", "http://localhost:\(port)", "https://pokedex.example", nil] {
            XCTAssertEqual(try RawWebSocket(port: port, origin: origin).upgradeStatus, 101, origin ?? "no origin")
        }
    }

    func testForeignOriginAndOtherPathsAreRefused() async throws {
        let (server, handler) = try startServer()
        let port = server.port
        XCTAssertNil(try RawWebSocket(port: port, origin: "http://evil.example").upgradeStatus)
        XCTAssertNil(try RawWebSocket(port: port, origin: "http://127.0.0.1:\(port + 1)").upgradeStatus)
        XCTAssertNil(try RawWebSocket(port: port, path: "/elsewhere").upgradeStatus)
        // None of them reached the handler: the next event is this accepted one.
        let accepted = try RawWebSocket(port: port)
        guard case .opened = try await handler.next() else { return XCTFail("not opened") }
        XCTAssertEqual(server.metrics.openConnections, 1)
        withExtendedLifetime(accepted) {}
    }
}
