@testable import Composable
import ComposableTesting
import XCTest

@MainActor
final class CollectionTests: XCTestCase {
    let clock = TestClock()

    func testForEachRoutesToTheElementAndDropsActionsForRemovedIDs() async {
        let rows = IdentifiedArray<Int, Parent.Row>([Parent.Row(id: 1), Parent.Row(id: 2)])
        let store = TestStore(initialState: Parent.State(rows: rows), reducer: Parent()) { $0.clock = self.clock }
        await store.send(.rows(.element(id: 2, action: .increment))) { $0.rows[id: 2]?.counter.count = 1 }
        await store.send(.rows(.element(id: 99, action: .increment)))
    }

    func testRemovingAnElementCancelsItsEffects() async {
        let rows = IdentifiedArray<Int, Parent.Row>([Parent.Row(id: 1), Parent.Row(id: 2)])
        let store = TestStore(initialState: Parent.State(rows: rows), reducer: Parent()) { $0.clock = self.clock }
        await store.send(.rows(.element(id: 1, action: .factTapped)))
        await store.send(.rows(.element(id: 2, action: .factTapped)))
        await store.send(.removeRow(1)) { $0.rows.remove(id: 1) }
        await clock.advance(by: .seconds(1))
        await store.receive(.rows(.element(id: 2, action: .factResponse("0 is a number")))) {
            $0.rows[id: 2]?.counter.fact = "0 is a number"
        }
        await store.finish()
    }

    func testPopCancelsThePoppedEntriesEffects() async {
        let store = TestStore(initialState: Parent.State(), reducer: Parent()) { $0.clock = self.clock }
        let first = StackElementID(1_000_001)
        let second = StackElementID(1_000_002)
        await store.send(.path(.push(id: first, state: Counter.State(id: 1)))) { $0.path.append(Counter.State(id: 1)) }
        await store.send(.path(.push(id: second, state: Counter.State(id: 2)))) { $0.path.append(Counter.State(id: 2)) }
        await store.send(.path(.element(id: first, action: .factTapped)))
        await store.send(.path(.element(id: second, action: .factTapped)))
        await store.send(.path(.popFrom(id: second))) { $0.path.removeLast() }
        await clock.advance(by: .seconds(1))
        await store.receive(.path(.element(id: first, action: .factResponse("0 is a number")))) {
            $0.path = StackState([Counter.State(id: 1, fact: "0 is a number")])
        }
    }

    func testStackEntryDismissesItself() async {
        let store = TestStore(initialState: Parent.State(), reducer: Parent()) { $0.clock = self.clock }
        let id = StackElementID(1_000_003)
        await store.send(.path(.push(id: id, state: Counter.State(id: 3)))) { $0.path.append(Counter.State(id: 3)) }
        await store.send(.path(.element(id: id, action: .closeTapped)))
        await store.receive(.path(.popFrom(id: id))) { $0.path.removeAll() }
    }

    func testIdentifiedArrayKeepsOrderAndRejectsDuplicateIDs() {
        var rows = IdentifiedArray<Int, Parent.Row>([Parent.Row(id: 3), Parent.Row(id: 1)])
        XCTAssertFalse(rows.append(Parent.Row(id: 3)))
        rows.append(Parent.Row(id: 2))
        XCTAssertEqual(rows.ids, [3, 1, 2])
        rows.remove(id: 1)
        XCTAssertEqual(rows.ids, [3, 2])
        XCTAssertEqual(rows.index(id: 2), 1)
    }

    /// Compared in place: equal elements in storage of their own are equal, any difference in
    /// an element or the count is not.
    func testIdentifiedArraysCompareTheirElements() {
        let rows = (1...30).map { Parent.Row(id: $0) }
        let mine = IdentifiedArray<Int, Parent.Row>(rows)
        var theirs = IdentifiedArray<Int, Parent.Row>([])
        for row in rows { theirs.append(row) }
        XCTAssertEqual(mine, theirs)
        XCTAssertEqual(mine, mine)
        var shorter = theirs
        shorter.remove(id: 30)
        XCTAssertNotEqual(mine, shorter)
        var changed = IdentifiedArray<Int, Parent.Row>(rows.dropLast())
        changed.append(Parent.Row(id: 31))
        XCTAssertNotEqual(mine, changed)
    }

    /// A revision names an array's content: built or appended to, it gets a new one, and an
    /// append tells the revision it appended to; any other change forgets both. Equal arrays
    /// built apart stay equal with revisions of their own.
    func testARevisionNamesTheContentAndAnAppendWhatItAppendedTo() {
        let rows = (1...20).map { Parent.Row(id: $0) }
        let first = IdentifiedArray<Int, Parent.Row>(rows)
        XCTAssertNotEqual(first.revision, 0)
        XCTAssertTrue(first.startsWithElements(ofRevision: first.revision))
        var more = first
        more.append(contentsOf: (21...40).map { Parent.Row(id: $0) })
        XCTAssertNotEqual(more.revision, first.revision)
        XCTAssertTrue(more.startsWithElements(ofRevision: first.revision))
        XCTAssertEqual(first.count, 20, "the array appended to is unchanged")
        var again = more
        again.append(contentsOf: [Parent.Row(id: 41)])
        XCTAssertTrue(again.startsWithElements(ofRevision: more.revision))
        XCTAssertFalse(again.startsWithElements(ofRevision: first.revision), "only the last append is known")
        var duplicate = first
        duplicate.append(contentsOf: [Parent.Row(id: 1)])
        XCTAssertEqual(duplicate.revision, first.revision, "nothing appended: the same content")

        var removed = more
        removed.remove(id: 40)
        var replaced = more
        replaced[id: 3] = Parent.Row(id: 3, counter: Counter.State(count: 1))
        var appendedOne = first
        appendedOne.append(Parent.Row(id: 21))
        for changed in [removed, replaced, appendedOne] {
            XCTAssertEqual(changed.revision, 0)
            XCTAssertFalse(changed.startsWithElements(ofRevision: first.revision))
            XCTAssertFalse(changed.startsWithElements(ofRevision: 0))
        }
        XCTAssertNotEqual(replaced, more)

        let builtApart = IdentifiedArray<Int, Parent.Row>(rows)
        XCTAssertNotEqual(builtApart.revision, first.revision)
        XCTAssertEqual(builtApart, first)
        XCTAssertEqual(IdentifiedArray<Int, Parent.Row>().revision, 0)
    }

    /// A small array is searched, not indexed, and shares the storage it was built from; past
    /// `indexThreshold` elements it builds its index, and drops it again below.
    func testIdentifiedArrayIndexesOnlyPastItsThresholdAndSharesASmallArraysStorage() {
        let threshold = IdentifiedArray<Int, Parent.Row>.indexThreshold
        let page = (1...threshold).map { Parent.Row(id: $0) }
        var rows = IdentifiedArray<Int, Parent.Row>(page)
        XCTAssertEqual(rows.elements.withUnsafeBufferPointer(\.baseAddress), page.withUnsafeBufferPointer(\.baseAddress))
        XCTAssertTrue(rows.indexByID.isEmpty)
        XCTAssertEqual(rows.index(id: threshold), threshold - 1)
        rows.append(contentsOf: (threshold + 1...threshold + 5).map { Parent.Row(id: $0) })
        XCTAssertFalse(rows.append(Parent.Row(id: 2)))
        XCTAssertEqual(rows.indexByID.count, threshold + 5)
        XCTAssertEqual(rows.index(id: threshold + 5), threshold + 4)
        XCTAssertEqual(rows[id: 7]?.id, 7)
        for id in threshold - 4...threshold + 5 { rows.remove(id: id) }
        XCTAssertTrue(rows.indexByID.isEmpty)
        XCTAssertEqual(rows.ids, Array(1...threshold - 5))
        XCTAssertEqual(rows.index(id: 3), 2)
        XCTAssertNil(rows.index(id: threshold))
        // Duplicates in a small array: the first of each id stays, as appending them would.
        let twice = IdentifiedArray<Int, Parent.Row>([Parent.Row(id: 1), Parent.Row(id: 2), Parent.Row(id: 1)])
        XCTAssertEqual(twice.ids, [1, 2])
    }

    /// A page more on an indexed array enters each new row once, keeps a row already there
    /// where it was (and the first of ids repeated in the page), and leaves the copy it was
    /// made from as it was.
    func testAPageMoreOnAnIndexedArrayKeepsRowsAlreadyThereAndItsCopyIntact() {
        let threshold = IdentifiedArray<Int, Parent.Row>.indexThreshold
        var rows = IdentifiedArray<Int, Parent.Row>((1...threshold + 3).map { Parent.Row(id: $0) })
        XCTAssertFalse(rows.indexByID.isEmpty)
        let before = rows
        let page = [threshold + 4, 5, threshold + 5, threshold + 4, 1, threshold + 6].map { Parent.Row(id: $0) }
        rows.append(contentsOf: page)
        XCTAssertEqual(rows.ids, Array(1...threshold + 6))
        for (position, id) in rows.ids.enumerated() { XCTAssertEqual(rows.index(id: id), position) }
        XCTAssertEqual(rows.indexByID.count, threshold + 6)
        XCTAssertEqual(before.ids, Array(1...threshold + 3))
        XCTAssertEqual(before.indexByID.count, threshold + 3)
        XCTAssertNil(before.index(id: threshold + 4))
        XCTAssertEqual(before.index(id: 5), 4)
    }
}
