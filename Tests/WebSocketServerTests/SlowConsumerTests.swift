import XCTest
@testable import WebSocketServer

final class SlowConsumerTests: XCTestCase {
    func testQueueStaysUnderItsCapOverflowsAndDrainsOnceTheClientReadsAgain() async throws {
        let cap = 256 * 1024
        // The application's answer to a drain: one fresh snapshot.
        let handler = RecordingHandler(echoes: false, onDrained: { $0.send("snapshot") })
        let (server, _) = try startServer(handler: handler) { $0.outboundQueueCapBytes = cap }
        let client = try WebSocketClient()
        addTeardownBlock { client.shutdown() }
        let connection = client.connect(port: server.port)
        try await connection.waitUntilOpen()
        guard case .opened(let id) = try await handler.next() else { return XCTFail("not opened") }
        let serverSide = try XCTUnwrap(handler.connection(id: id))

        connection.setReading(false)
        let payload = [UInt8](repeating: UInt8(ascii: "a"), count: 16 * 1024)
        let attempts = 2048  // 32 MiB, far beyond the socket buffers and the cap
        var overflowedSends = 0, largestQueue = 0
        for _ in 0..<attempts {
            if serverSide.send(payload) == .overflowed { overflowedSends += 1 }
            largestQueue = max(largestQueue, serverSide.queuedBytes)
        }
        // End overflowed, so the last drain can only come after this.
        while serverSide.send(payload) != .overflowed {}
        XCTAssertGreaterThan(overflowedSends, 0)
        XCTAssertLessThanOrEqual(largestQueue, cap)
        XCTAssertLessThan(server.metrics.bytesOut, attempts * payload.count / 4, "dropped, not buffered")
        let overflows = server.metrics.overflows
        XCTAssertGreaterThan(overflows, 0)

        connection.setReading(true)
        // Every overflow ends in exactly one drain once the socket has caught up.
        var drains = 0
        while drains < overflows {
            let event = try await handler.next(timeout: .seconds(10))
            XCTAssertEqual(event, .drained(id))
            drains += 1
        }
        XCTAssertEqual(server.metrics.overflows, overflows)
        // The client gets whole payloads (and snapshots from earlier drains); the last thing
        // before a later message is the snapshot sent on the last drain.
        XCTAssertEqual(serverSide.send("after"), .queued)
        var previous: [UInt8] = []
        while true {
            let message = try await connection.nextMessage(timeout: .seconds(10))
            if message == Array("after".utf8) { break }
            if message != Array("snapshot".utf8) { XCTAssertEqual(message, payload) }
            previous = message
        }
        XCTAssertEqual(String(decoding: previous, as: UTF8.self), "snapshot")
    }
}
