@testable import PokedexServer
import WebSocketServer
import XCTest

/// The patches a session keeps for a resume (`PatchHistory`, a ring).
final class PatchHistoryTests: XCTestCase {
    private func frame(_ seq: Int, bytes: Int = 4) -> OutgoingText {
        .bytes([UInt8](repeating: UInt8(seq % 256), count: bytes))
    }

    func testKeepsTheLatestFramesInOrderOnceFull() {
        var history = PatchHistory(limit: 4, byteLimit: 1000)
        for seq in 1...10 { history.append(seq: seq, frame: frame(seq)) }

        XCTAssertEqual(history.count, 4)
        XCTAssertEqual(history.firstSeq, 7)
        XCTAssertEqual(history.bytes, 16)
        XCTAssertEqual(history.frames(after: 6), (7...10).map { frame($0) })
        XCTAssertEqual(history.frames(after: 8), [frame(9), frame(10)])
        XCTAssertEqual(history.frames(after: 10), [])
    }

    func testDropsTheOldestForTheirBytesButKeepsTheLatest() {
        var history = PatchHistory(limit: 8, byteLimit: 10)
        history.append(seq: 1, frame: frame(1, bytes: 4))
        history.append(seq: 2, frame: frame(2, bytes: 4))
        history.append(seq: 3, frame: frame(3, bytes: 4))
        XCTAssertEqual(history.firstSeq, 2)
        XCTAssertEqual(history.bytes, 8)

        history.append(seq: 4, frame: frame(4, bytes: 50))
        XCTAssertEqual(history.count, 1, "the latest is kept whatever its size")
        XCTAssertEqual(history.frames(after: 0), [frame(4, bytes: 50)])

        // Small frames again: the ring grows past the slots it had, in order.
        for seq in 5...7 { history.append(seq: seq, frame: frame(seq, bytes: 2)) }
        XCTAssertEqual(history.frames(after: 4), (5...7).map { frame($0, bytes: 2) })
        XCTAssertEqual(history.firstSeq, 5)
        XCTAssertEqual(history.bytes, 6)
    }

    func testAWrappedRingThatGrowsKeepsItsOrder() {
        var history = PatchHistory(limit: 6, byteLimit: 12)
        for seq in 1...3 { history.append(seq: seq, frame: frame(seq)) }
        // Bytes drop the oldest, then the free slot is taken at the ring's end.
        history.append(seq: 4, frame: frame(4))
        XCTAssertEqual(history.frames(after: 0), (2...4).map { frame($0) })
        history.append(seq: 5, frame: frame(5, bytes: 1))
        history.append(seq: 6, frame: frame(6, bytes: 1))
        XCTAssertEqual(history.frames(after: 0), (3...6).map { frame($0, bytes: $0 < 5 ? 4 : 1) })
        XCTAssertEqual(history.bytes, 10)
        // Every slot taken and the ring wrapped: it grows in order.
        history.append(seq: 7, frame: frame(7, bytes: 1))
        XCTAssertEqual(history.frames(after: 4), (5...7).map { frame($0, bytes: 1) })
        XCTAssertEqual(history.firstSeq, 3)
        XCTAssertEqual(history.bytes, 11)
    }

    func testGrowsBeyondItsFirstSlotsInOrderThenKeepsTheLimit() {
        var history = PatchHistory(limit: 10, byteLimit: 1000)
        for seq in 1...7 { history.append(seq: seq, frame: frame(seq)) }
        XCTAssertEqual(history.frames(after: 0), (1...7).map { frame($0) })
        // Dropped for their bytes while not full: the ring wraps, then grows in order.
        var small = PatchHistory(limit: 10, byteLimit: 12)
        for seq in 1...5 { small.append(seq: seq, frame: frame(seq)) }
        XCTAssertEqual(small.frames(after: 0), (3...5).map { frame($0) })
        for seq in 6...9 { small.append(seq: seq, frame: frame(seq, bytes: 1)) }
        XCTAssertEqual(small.frames(after: 0), [frame(4), frame(5)] + (6...9).map { frame($0, bytes: 1) })
        XCTAssertEqual(small.bytes, 12)
        for seq in 10...30 { small.append(seq: seq, frame: frame(seq, bytes: 1)) }
        XCTAssertEqual(small.count, 10)
        XCTAssertEqual(small.firstSeq, 21)
        XCTAssertEqual(small.frames(after: 25), (26...30).map { frame($0, bytes: 1) })
        XCTAssertEqual(small.bytes, 10)
        for seq in 8...40 { history.append(seq: seq, frame: frame(seq)) }
        XCTAssertEqual(history.frames(after: 0), (31...40).map { frame($0) })
    }

    func testASplicedFrameIsKeptAsItsSharedBytesAndGivenBackAtItsSeq() {
        let shared = Array(#"{"seq":}"#.utf8)
        var history = PatchHistory(limit: 4, byteLimit: 1000)
        // 8 to 13: the seq's digits grow from one to two while frames are kept and dropped.
        for seq in 8...13 {
            let frame: OutgoingText = seq == 10 ? .bytes(Array("ack".utf8)) : .spliced(SplicedText(shared, number: seq, at: 7))
            history.append(seq: seq, frame: frame)
        }
        XCTAssertEqual(history.firstSeq, 10)
        XCTAssertEqual(history.frames(after: 9), [
            .bytes(Array("ack".utf8)),
            .spliced(SplicedText(shared, number: 11, at: 7)),
            .spliced(SplicedText(shared, number: 12, at: 7)),
            .spliced(SplicedText(shared, number: 13, at: 7)),
        ])
        XCTAssertEqual(history.frames(after: 12).map(\.rendered), [Array(#"{"seq":13}"#.utf8)])
        XCTAssertEqual(history.bytes, 3 + 3 * 10, "the kept frames' lengths, seqs included")
    }

    /// Frames of varied sizes, bounded now by bytes and now by count: the ring (which grows
    /// with room to spare once wrapped) keeps exactly the frames a plain list would.
    func testVariedFramesKeepWhatAListWouldKeep() {
        var history = PatchHistory(limit: 16, byteLimit: 100)
        var kept: [(seq: Int, frame: OutgoingText)] = []
        for seq in 1...2_000 {
            let size = [3, 9, 1, 30, 5, 2, 12][(seq * 7 + seq / 13) % 7]
            let frame = frame(seq, bytes: size)
            history.append(seq: seq, frame: frame)
            kept.append((seq, frame))
            if kept.count > 16 { kept.removeFirst() }
            while kept.count > 1, kept.map(\.frame.count).reduce(0, +) > 100 { kept.removeFirst() }
            XCTAssertEqual(history.count, kept.count, "after \(seq)")
            XCTAssertEqual(history.firstSeq, kept.first?.seq, "after \(seq)")
            XCTAssertEqual(history.bytes, kept.map(\.frame.count).reduce(0, +), "after \(seq)")
            XCTAssertEqual(history.frames(after: seq - 5), kept.filter { $0.seq > seq - 5 }.map(\.frame), "after \(seq)")
        }
    }

    /// The ring holds its frames' bytes while it keeps them and lets them go when it drops
    /// them or is itself let go (its slots are freed by hand).
    func testHoldsAFrameOnlyWhileItKeepsIt() {
        func isShared(_ bytes: inout [UInt8]) -> Bool {
            // Appending within capacity writes in place only to an array no one else holds.
            let before = bytes.withUnsafeBufferPointer { $0.baseAddress }
            bytes.append(0)
            bytes.removeLast()
            return bytes.withUnsafeBufferPointer { $0.baseAddress } != before
        }
        func frame(_ fill: UInt8) -> [UInt8] {
            var bytes = [UInt8](repeating: fill, count: 4)
            bytes.reserveCapacity(64)
            return bytes
        }
        var dropped = frame(1)
        var kept = frame(2)
        do {
            var history = PatchHistory(limit: 2, byteLimit: 1000)
            history.append(seq: 1, frame: .bytes(dropped))
            history.append(seq: 2, frame: .bytes(kept))
            history.append(seq: 3, frame: .bytes([3, 3, 3, 3]))
            XCTAssertFalse(isShared(&dropped), "a dropped frame is let go")
            XCTAssertEqual(history.frames(after: 0), [.bytes(kept), .bytes([3, 3, 3, 3])])
            XCTAssertTrue(isShared(&kept), "a kept frame is held")
            kept = frame(2)
            history.append(seq: 4, frame: .bytes(kept))
        }
        XCTAssertFalse(isShared(&kept), "the ring's frames are let go with it")
    }

    /// Frames the byte limit drops are let go together, once `releaseBatch` of them are
    /// dropped (or with the ring): never more than that are held past the limits.
    func testReleasesFramesDroppedForTheirBytesTogether() {
        func frame(_ fill: UInt8) -> [UInt8] {
            var bytes = [UInt8](repeating: fill, count: 4)
            bytes.reserveCapacity(64)
            return bytes
        }
        let batch = PatchHistory.releaseBatch
        // 17 frames fill the byte limit (the ring grows to 32 slots), then each drops one.
        let full = 17
        var frames = (0..<(full + batch + 2)).map { frame(UInt8($0)) }
        // Asked once a frame: a frame found held is then a copy of its own.
        func isHeld(_ index: Int) -> Bool { !isKnownUniquelyReferencedBytes(&frames[index]) }
        do {
            var history = PatchHistory(limit: 64, byteLimit: 4 * full)
            for seq in 1...(full + batch - 1) { history.append(seq: seq, frame: .bytes(frames[seq - 1])) }
            XCTAssertEqual(history.firstSeq, batch)
            XCTAssertEqual(history.frames(after: 0), frames[(batch - 1)...].prefix(full).map { .bytes($0) })
            XCTAssertTrue((0..<(batch - 1)).allSatisfy(isHeld), "dropped, held until a batch is dropped")
            history.append(seq: full + batch, frame: .bytes(frames[full + batch - 1]))
            XCTAssertEqual(history.firstSeq, batch + 1)
            XCTAssertFalse((0..<batch).contains(where: isHeld), "a batch dropped is let go")
            XCTAssertTrue(((batch + 2)..<(full + batch)).allSatisfy(isHeld), "the frames kept are held")
            history.append(seq: full + batch + 1, frame: .bytes(frames[full + batch]))
            history.append(seq: full + batch + 2, frame: .bytes(frames[full + batch + 1]))
            XCTAssertTrue(isHeld(batch), "dropped, held")
            XCTAssertEqual(history.bytes, 4 * full)
        }
        XCTAssertFalse(isHeld(batch + 1), "the ring lets go of the frames dropped with itself")
        XCTAssertFalse(isHeld(full + batch + 1), "and of the frames it kept")
    }

    /// Bytes a ring keeps or drops, a batch of them released and the ring grown in between:
    /// what it keeps is what a plain list would keep.
    func testDroppedFramesHeldWhileTheRingGrowsKeepItsOrder() {
        var history = PatchHistory(limit: 32, byteLimit: 40)
        var kept: [(seq: Int, frame: OutgoingText)] = []
        for seq in 1...500 {
            let size = seq % 50 < 25 ? 10 : 1
            let frame = frame(seq, bytes: size)
            history.append(seq: seq, frame: frame)
            kept.append((seq, frame))
            if kept.count > 32 { kept.removeFirst() }
            while kept.count > 1, kept.map(\.frame.count).reduce(0, +) > 40 { kept.removeFirst() }
            XCTAssertEqual(history.frames(after: 0), kept.map(\.frame), "after \(seq)")
            XCTAssertEqual(history.firstSeq, kept.first?.seq, "after \(seq)")
        }
    }
}

/// Whether no one but `bytes` holds its storage.
private func isKnownUniquelyReferencedBytes(_ bytes: inout [UInt8]) -> Bool {
    // Appending within capacity writes in place only to an array no one else holds.
    let before = bytes.withUnsafeBufferPointer { $0.baseAddress }
    bytes.append(0)
    bytes.removeLast()
    return bytes.withUnsafeBufferPointer { $0.baseAddress } == before
}
