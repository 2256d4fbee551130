@testable import WebSocketServer
import XCTest

/// A message whose bytes are shared with others but for a number of its own (`SplicedText`).
final class OutgoingTextTests: XCTestCase {
    private func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    func testTheNumberIsWrittenInAtItsOffset() {
        let shared = Array(#"{"seq":,"ops":[]}"#.utf8)
        for number in [0, 7, 10, 99, 100, 12_345, Int.max, -1, -40, Int.min + 1] {
            let spliced = SplicedText(shared, number: number, at: 7)
            XCTAssertEqual(text(spliced.rendered), #"{"seq":\#(number),"ops":[]}"#)
            XCTAssertEqual(spliced.count, spliced.rendered.count)
            XCTAssertEqual(OutgoingText.spliced(spliced).rendered, spliced.rendered)
        }
        XCTAssertEqual(text(SplicedText(Array("ab".utf8), number: 5, at: 0).rendered), "5ab")
        XCTAssertEqual(text(SplicedText(Array("ab".utf8), number: 5, at: 2).rendered), "ab5")
        XCTAssertEqual(text(SplicedText([], number: 42, at: 0).rendered), "42")
    }

    func testTheQueueCountsASplicedMessageAtItsLengthAndHandsItOverAsItIs() {
        var queue = OutboundQueue(capacityBytes: 20)
        let spliced = SplicedText(Array(#"{"seq":}"#.utf8), number: 123, at: 7)
        XCTAssertEqual(queue.enqueue(.spliced(spliced)), .queued)
        XCTAssertEqual(queue.queuedBytes, 11)
        XCTAssertEqual(queue.enqueue(.bytes([UInt8](repeating: 0, count: 10))), .overflowed, "11 + 10 bytes are over the cap")
        XCTAssertEqual(queue.queuedBytes, 0)
        guard case .drained = queue.stepForWriteable() else { return XCTFail("no drain") }
        XCTAssertEqual(queue.enqueue(.spliced(spliced)), .queued)
        guard case .message(let message, _) = queue.stepForWriteable() else { return XCTFail("no message") }
        XCTAssertEqual(message.text, .spliced(spliced))
        XCTAssertEqual(queue.queuedBytes, 0)
    }
}
