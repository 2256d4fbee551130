import XCTest
@testable import WebSocketServer

/// What Autobahn|Testsuite checks beyond single frames (scripts/conformance runs all of it).
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
