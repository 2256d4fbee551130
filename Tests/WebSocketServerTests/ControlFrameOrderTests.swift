import XCTest
@testable import WebSocketServer

/// What Autobahn|Testsuite checks beyond single frames (scripts/conformance runs all of it):
/// binary messages, pongs amid fragments, and what may follow a close.
final class ControlFrameOrderTests: XCTestCase {
    func testBinaryMessagesAreReassembledAndEchoedAsBinaryInOrderWithText() async throws {
        let handler = BinaryEchoHandler()
        let server = try startServer(serving: handler)
        let socket = try RawWebSocket(port: server.port)
        socket.sendFrames([
            RawWebSocket.frame(.binary, [0, 1, 2], final: false),
            RawWebSocket.frame(.continuation, [0xFF, 0xFE]),
            RawWebSocket.frame(.text, Array("hi".utf8)),
        ])
        let binary = try await handler.events.next(timeout: .seconds(5))
        XCTAssertEqual(binary, .binary([0, 1, 2, 0xFF, 0xFE]))
        let text = try await handler.events.next(timeout: .seconds(5))
        XCTAssertEqual(text, .text(Array("hi".utf8)))
        let first = try socket.readFrame()
        XCTAssertEqual(first.opcode, 2)
        XCTAssertEqual(first.payload, [0, 1, 2, 0xFF, 0xFE])
        let second = try socket.readFrame()
        XCTAssertEqual(second.opcode, 1)
        XCTAssertEqual(second.payload, Array("hi".utf8))
    }

    func testThePongForAPingBetweenFragmentsComesBeforeTheReply() async throws {
        let (server, handler) = try startServer()
        let socket = try RawWebSocket(port: server.port)
        guard case .opened(let id) = try await handler.next() else { return XCTFail("not opened") }
        // One write: the server reads the ping and the message's end together.
        socket.sendFrames([
            RawWebSocket.frame(.text, Array("frag".utf8), final: false),
            RawWebSocket.frame(.ping, Array("ping payload".utf8)),
            RawWebSocket.frame(.continuation, Array("ment".utf8)),
        ])
        let message = try await handler.next()
        XCTAssertEqual(message, .text(id, Array("fragment".utf8)))
        let pong = try socket.readFrame()
        XCTAssertEqual(pong.opcode, RawWebSocket.Opcode.pong.rawValue)
        XCTAssertEqual(pong.payload, Array("ping payload".utf8))
        let echo = try socket.readFrame()
        XCTAssertEqual(echo.opcode, 1)
        XCTAssertEqual(echo.payload, Array("fragment".utf8))
    }

    func testAMessageAfterThePeersCloseIsIgnored() async throws {
        let (server, handler) = try startServer()
        let socket = try RawWebSocket(port: server.port)
        guard case .opened(let id) = try await handler.next() else { return XCTFail("not opened") }
        socket.sendFrames([RawWebSocket.frame(.close, [0x03, 0xE8]), RawWebSocket.frame(.text, Array("late".utf8))])
        let echoedClose = try socket.readFrame()
        XCTAssertEqual(echoedClose.opcode, RawWebSocket.Opcode.close.rawValue, "the close, and no echo before it")
        XCTAssertEqual(echoedClose.payload, [0x03, 0xE8])
        let event = try await handler.next()
        XCTAssertEqual(event, .closed(id, code: 1000), "the text never reached the handler")
    }

    func testAOneByteClosePayloadDropsTheConnectionWithoutEchoingIt() async throws {
        let (server, handler) = try startServer()
        let socket = try RawWebSocket(port: server.port)
        guard case .opened(let id) = try await handler.next() else { return XCTFail("not opened") }
        socket.sendFrame(.close, [0x61])
        XCTAssertEqual(socket.socket.readToEnd(), [], "dropped, with no malformed close sent back")
        let event = try await handler.next()
        XCTAssertEqual(event, .closed(id, code: 1002))
    }
}

/// Echoes text and binary messages and records them.
private final class BinaryEchoHandler: WebSocketHandler {
    enum Event: Sendable, Equatable {
        case text([UInt8])
        case binary([UInt8])
    }

    let events = EventInbox<Event>()

    func connectionOpened(_ connection: Connection) {}

    func connection(_ connection: Connection, didReceiveText text: [UInt8]) {
        events.post(.text(text))
        connection.send(text)
    }

    func connection(_ connection: Connection, didReceiveBinary data: [UInt8]) {
        events.post(.binary(data))
        connection.send(binary: data)
    }

    func connectionClosed(_ connection: Connection, code: UInt16) {}
}
