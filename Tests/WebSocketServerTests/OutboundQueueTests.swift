import XCTest
@testable import WebSocketServer

final class OutboundQueueTests: XCTestCase {
    func testOverflowClearsTheQueueDropsUntilDrainedThenAcceptsAgain() {
        var queue = OutboundQueue(capacityBytes: 10)
        XCTAssertEqual(queue.enqueue([1, 2, 3, 4, 5, 6]), .queued)
        XCTAssertEqual(queue.enqueue([1, 2, 3, 4, 5]), .overflowed)
        XCTAssertEqual(queue.queuedBytes, 0)
        XCTAssertEqual(queue.enqueue([1]), .overflowed, "dropped while overflowed")
        guard case .drained = queue.stepForWriteable() else { return XCTFail("no drain") }
        guard case .idle = queue.stepForWriteable() else { return XCTFail("drained twice") }
        XCTAssertEqual(queue.enqueue([7]), .queued)
    }

    func testMessagesComeOutInOrderThenTheCloseRequest() {
        var queue = OutboundQueue(capacityBytes: 1 << 20)
        for index in 0..<200 { _ = queue.enqueue([UInt8(index)]) }
        queue.requestClose(.init(code: 1001, reason: "bye"))
        XCTAssertEqual(queue.enqueue([0]), .closed)
        for index in 0..<200 {
            guard case .message(let message, let hasMore) = queue.stepForWriteable() else { return XCTFail("ended early") }
            XCTAssertEqual(message.text, .bytes([UInt8(index)]))
            XCTAssertFalse(message.isBinary)
            XCTAssertTrue(hasMore, "the close request is still to come")
        }
        guard case .close(let request) = queue.stepForWriteable() else { return XCTFail("no close") }
        XCTAssertEqual(request, .init(code: 1001, reason: "bye"))
        XCTAssertEqual(queue.queuedBytes, 0)
    }

    func testMessagesQueuedWhileOthersAreWrittenKeepTheirOrder() {
        var queue = OutboundQueue(capacityBytes: 1 << 20)
        var written: [UInt8] = []
        func write(_ expectMore: Bool) {
            guard case .message(let message, let hasMore) = queue.stepForWriteable() else { return XCTFail("nothing to write") }
            written += message.text.rendered
            XCTAssertEqual(hasMore, expectMore, "after \(written)")
        }
        // One alone, then one at a time behind others, in and out in turns.
        _ = queue.enqueue([1])
        write(false)
        for byte: UInt8 in [2, 3, 4] { _ = queue.enqueue([byte]) }
        write(true)
        _ = queue.enqueue([5])
        write(true)
        write(true)
        _ = queue.enqueue([6])
        write(true)
        write(false)
        guard case .idle = queue.stepForWriteable() else { return XCTFail("more than was queued") }
        _ = queue.enqueue([7])
        _ = queue.enqueue([8])
        write(true)
        write(false)
        XCTAssertEqual(written, [1, 2, 3, 4, 5, 6, 7, 8])
        XCTAssertEqual(queue.queuedBytes, 0)
    }
}

final class MessageAssemblerTests: XCTestCase {
    func testChunksJoinUpToTheLimitAndNotBeyond() {
        var assembler = MessageAssembler(limitBytes: 6)
        let chunk: [UInt8] = [1, 2, 3]
        chunk.withUnsafeBytes { bytes in
            guard case .incomplete = assembler.append(bytes, isLast: false) else { return XCTFail() }
            guard case .complete(let message) = assembler.append(bytes, isLast: true) else { return XCTFail() }
            XCTAssertEqual(message, [1, 2, 3, 1, 2, 3])
            _ = assembler.append(bytes, isLast: false)
            _ = assembler.append(bytes, isLast: false)
            guard case .tooBig = assembler.append(bytes, isLast: true) else { return XCTFail("over the limit") }
        }
    }
}
