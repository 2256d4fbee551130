import Dispatch
import Synchronization
import XCTest
@testable import WebSocketServer

/// The transport without sockets writes as a server's service thread does: a message sent on
/// its thread is handed to the peer at once, one sent from elsewhere by the writeable mail.
final class InProcessTransportTests: XCTestCase {
    func testAMessageSentOnTheTransportsThreadReachesThePeerWhenTheJobThatSentItEnds() async throws {
        let transport = InProcessTransport(handler: RecordingHandler())
        addTeardownBlock { transport.shutdown() }
        let peer = transport.connect()
        let blocked = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let seen = Mutex<(inTheJob: [[UInt8]], afterIt: [[UInt8]], unwrittenAfterIt: Int)?>(nil)
        let ran = expectation(description: "the jobs ran")
        // Both jobs are queued while the thread waits, so they are carried out in one pass.
        transport.run {
            blocked.signal()
            release.wait()
        }
        blocked.wait()
        transport.run {
            XCTAssertEqual(peer.connection.send("one"), .queued)
            XCTAssertEqual(peer.connection.send("two"), .queued)
            let inTheJob = peer.takeReceived()
            seen.withLock { $0 = (inTheJob, [], 0) }
        }
        transport.run {
            seen.withLock { $0?.afterIt = peer.takeReceived() }
            seen.withLock { $0?.unwrittenAfterIt = peer.connection.queuedBytes }
            ran.fulfill()
        }
        release.signal()
        await fulfillment(of: [ran], timeout: 5)

        let frames = try XCTUnwrap(seen.withLock { $0 })
        XCTAssertEqual(frames.inTheJob, [], "not while the job that sent them runs")
        XCTAssertEqual(frames.afterIt.map { String(decoding: $0, as: UTF8.self) }, ["one", "two"], "before the next job")
        XCTAssertEqual(frames.unwrittenAfterIt, 0)
    }

    func testMessagesSentFromAnotherThreadArriveInOrderAndACloseAfterThem() async throws {
        let transport = InProcessTransport(handler: RecordingHandler())
        addTeardownBlock { transport.shutdown() }
        let peer = transport.connect()
        for index in 0..<5 { XCTAssertEqual(peer.connection.send("m\(index)"), .queued) }
        peer.connection.close(code: 4000)
        var frames: [String] = []
        for _ in 0..<5 { frames.append(String(decoding: try await peer.next(), as: UTF8.self)) }
        XCTAssertEqual(frames, ["m0", "m1", "m2", "m3", "m4"])
        do {
            _ = try await peer.next()
            XCTFail("the connection closed after its messages")
        } catch InProcessPeerError.closed(let code) {
            XCTAssertEqual(code, 4000)
        }
        XCTAssertEqual(peer.connection.send("late"), .closed)
    }
}
