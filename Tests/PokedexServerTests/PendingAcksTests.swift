import XCTest
@testable import PokedexServer

/// When each owed ack may go: a star's with the first state that shows it, never before.
final class PendingAcksTests: XCTestCase {
    typealias ListSeq = PendingAcks.ListSeq
    typealias Shown = PendingAcks.Shown
    let list = "L"

    func star(_ ref: Int, seq: Int, list: String = "L") -> PendingAcks.Ack {
        .init(ref: ref, key: "k\(ref)", shows: ListSeq(listID: list, seq: seq))
    }

    func testAStarsAckWaitsForAStateShowingItsSeq() {
        var acks = PendingAcks()
        _ = acks.ready(for: Shown(listID: list, seq: 4))
        XCTAssertNil(acks.add(star(1, seq: 5)))
        XCTAssertEqual(acks.ready(for: Shown(listID: list, seq: 4)), [], "a state from before the star")
        XCTAssertEqual(acks.ready(for: Shown(listID: list, seq: 6)), [star(1, seq: 5)], "a state past it")
        XCTAssertTrue(acks.isEmpty)
    }

    func testAStarAlreadyShownGoesAtOnce() {
        var acks = PendingAcks()
        _ = acks.ready(for: Shown(listID: list, seq: 7))
        XCTAssertEqual(acks.add(star(1, seq: 7)), star(1, seq: 7))
        XCTAssertTrue(acks.isEmpty)
    }

    func testAStarOnAListNotShownGoesAtOnceOrWithTheNextState() {
        var acks = PendingAcks()
        _ = acks.ready(for: Shown(listID: "other", seq: 1))
        XCTAssertEqual(acks.add(star(1, seq: 3)), star(1, seq: 3), "the session shows another list")
        var unknown = PendingAcks()
        XCTAssertNil(unknown.add(star(2, seq: 3)), "nothing shown yet: it waits")
        XCTAssertEqual(unknown.ready(for: Shown(listID: "other", seq: 9)), [star(2, seq: 3)], "the list was left meanwhile")
    }

    func testOtherAcksGoWithAnyStateAndOnlyTheyFlushAlone() {
        var acks = PendingAcks()
        _ = acks.ready(for: Shown(listID: list, seq: 1))
        let plain = PendingAcks.Ack(ref: 2, key: nil, shows: nil)
        XCTAssertNil(acks.add(plain))
        XCTAssertNil(acks.add(star(3, seq: 2)))
        XCTAssertNil(acks.take(3), "a star's ack waits for its patch")
        XCTAssertEqual(acks.take(2), plain)
        XCTAssertNil(acks.add(plain))
        XCTAssertEqual(acks.ready(for: Shown(listID: list, seq: 1)), [plain])
        XCTAssertEqual(acks.ready(for: Shown(listID: list, seq: 2)), [star(3, seq: 2)])
    }

    func testAStarsAckIsTakenAloneOnlyWhenAskedFor() {
        var acks = PendingAcks()
        _ = acks.ready(for: Shown(listID: list, seq: 1))
        XCTAssertNil(acks.add(star(4, seq: 3)))
        XCTAssertEqual(acks.take(4, evenForAStar: true), star(4, seq: 3), "its list is past it and no patch showed it")
        XCTAssertTrue(acks.isEmpty)
    }

    func testAStateWhoseSeqWasNotReadKeepsTheStarOfItsListWaiting() {
        var acks = PendingAcks()
        _ = acks.ready(for: Shown(listID: list, seq: 1))
        XCTAssertNil(acks.add(star(5, seq: 2)))
        XCTAssertEqual(acks.starsOwed, 1)
        XCTAssertEqual(acks.ready(for: Shown(listID: list, seq: nil)), [], "the same list, its seq unread: not shown yet")
        XCTAssertEqual(acks.ready(for: Shown(listID: list, seq: 2)), [star(5, seq: 2)])
        XCTAssertEqual(acks.starsOwed, 0)
    }
}
