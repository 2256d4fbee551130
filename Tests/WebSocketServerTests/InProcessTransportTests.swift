import Synchronization
import XCTest
@testable import WebSocketServer

/// The transport without sockets writes as a server's service thread does: a message sent on
/// its thread is handed to the peer at once, one sent from elsewhere by the writeable mail.
final class InProcessTransportTests: XCTestCase {
    func testAMessageSentOnTheTransportsThreadReachesThePeerInsideTheJobThatSentIt() async throws {
        let transport = InProcessTransport(handler: RecordingHandler())
        addTeardownBlock { transport.shutdown() }
        let peer = transport.connect()
        let seenInsideTheJob = Mutex<(unwritten: Int, frames: [[UInt8]])?>(nil)
        let ran = expectation(description: "the job ran")
        transport.run {
            XCTAssertEqual(peer.connection.send("one"), .queued)
            XCTAssertEqual(peer.connection.send("two"), .queued)
            seenInsideTheJob.withLock { $0 = (peer.connection.queuedBytes, peer.takeReceived()) }
            ran.fulfill()
        }
        await fulfillment(of: [ran], timeout: 5)

        let seen = try XCTUnwrap(seenInsideTheJob.withLock { $0 })
        XCTAssertEqual(seen.unwritten, 0)
        XCTAssertEqual(seen.frames.map { String(decoding: $0, as: UTF8.self) }, ["one", "two"])
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
