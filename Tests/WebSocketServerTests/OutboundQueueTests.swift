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

    /// A write outside a writeable callback takes the step the callback would, but leaves
    /// everything queued, the messages before a close included, while a close is asked for.
    func testAWriteAtOnceWaitsForTheCallbackWhileACloseIsAskedFor() {
        var queue = OutboundQueue(capacityBytes: 1 << 20)
        _ = queue.enqueue([1])
        _ = queue.enqueue([2])
        queue.isWriteRequested = true
        guard case .message(let message, hasMore: true) = queue.stepAtOnce() else { return XCTFail("no message") }
        XCTAssertEqual(message.text, .bytes([1]))
        XCTAssertTrue(queue.isWriteRequested, "more is queued: the writer asks for the next turn")
        queue.requestClose(.init(code: 1000, reason: ""))
        XCTAssertNil(queue.stepAtOnce())
        XCTAssertEqual(queue.queuedBytes, 1, "the message before the close stays for the callback")
        guard case .message(let last, hasMore: true) = queue.stepForWriteable() else { return XCTFail("lost the message") }
        XCTAssertEqual(last.text, .bytes([2]))
        guard case .close = queue.stepForWriteable() else { return XCTFail("no close") }
        _ = queue.enqueue([3])
        XCTAssertNil(queue.stepAtOnce())
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

    /// A chunk is read in place only when it is the whole message: the last piece of one
    /// begun earlier, a first piece, or one over the limit still go through `append`.
    func testOnlyALoneLastChunkWithinTheLimitIsWhole() {
        var assembler = MessageAssembler(limitBytes: 4)
        let chunk: [UInt8] = [1, 2, 3]
        chunk.withUnsafeBytes { bytes in
            XCTAssertTrue(assembler.isWhole(bytes, isLast: true))
            XCTAssertFalse(assembler.isWhole(bytes, isLast: false), "more of the message follows")
            _ = assembler.append(bytes, isLast: false)
            XCTAssertFalse(assembler.isWhole(bytes, isLast: true), "it ends a message begun earlier")
            guard case .tooBig = assembler.append(bytes, isLast: true) else { return XCTFail("over the limit") }
            XCTAssertTrue(assembler.isWhole(bytes, isLast: true), "the refused message left nothing pending")
        }
        ([1, 2, 3, 4, 5] as [UInt8]).withUnsafeBytes { bytes in
            XCTAssertFalse(assembler.isWhole(bytes, isLast: true), "over the limit: refused by append")
        }
    }
}
