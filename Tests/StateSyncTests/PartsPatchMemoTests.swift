@testable import StateSync
import XCTest

final class PartsPatchMemoTests: XCTestCase {
    private let before = favorites([1, 7]), after = favorites([1, 7, 25])
    /// Each session's own lists part, which a star does not change.
    private let listsA: JSONValue = ["active": "a"], listsB: JSONValue = ["active": "b"]

    private static func favorites(_ ids: [Int]) -> JSONValue {
        .object(JSONObject(uniqueKeysWithValues: ids.map { (String($0), JSONValue.bool(true)) }))
    }

    private func state(_ favorites: JSONValue, _ lists: JSONValue) -> JSONObject {
        JSONObject(uniqueKeysWithValues: [("route", "#/"), ("favorites", favorites), ("lists", lists)])
    }

    func testSessionsThatHeldTheSamePartsShareOnePatchMadeOnce() {
        let memo = PartsPatchMemo()
        let first = memo.patch(from: state(before, listsA), changing: [("favorites", after), ("lists", listsA)])
        let second = memo.patch(from: state(before, listsB), changing: [("favorites", after), ("lists", listsB)])

        XCTAssertEqual(first.operations, [.add(path: "/favorites/25", value: true)])
        XCTAssertEqual(String(decoding: first.encodedOperations, as: UTF8.self), #"[{"op":"add","path":"/favorites/25","value":true}]"#)
        XCTAssertTrue(second.encodedOperations.sharesStorage(with: first.encodedOperations), "the second session's patch was remembered")
    }

    func testEqualPartsInOtherStorageAreDiffedAgain() {
        let memo = PartsPatchMemo()
        let first = memo.patch(from: state(before, listsA), changing: [("favorites", after)])
        let rebuilt = memo.patch(from: state(Self.favorites([1, 7]), listsA), changing: [("favorites", after)])

        XCTAssertFalse(rebuilt.encodedOperations.sharesStorage(with: first.encodedOperations))
        XCTAssertEqual(rebuilt.operations, first.operations)
    }

    func testAPartThatChangedForOneSessionGivesItsOwnPatch() throws {
        let memo = PartsPatchMemo()
        _ = memo.patch(from: state(before, listsA), changing: [("favorites", after), ("lists", listsA)])
        let lists: JSONValue = ["active": "a", "count": 3]
        let old = state(before, listsA)
        let patch = memo.patch(from: old, changing: [("favorites", after), ("lists", lists)])

        XCTAssertEqual(patch.operations, [.add(path: "/favorites/25", value: true), .add(path: "/lists/count", value: 3)])
        XCTAssertEqual(try JSONPatch.apply(patch.operations, to: .object(old)), .object(state(after, lists)))
    }

    func testPartsThatAreTheSameAsBeforeGiveNoOperations() {
        let patch = PartsPatchMemo().patch(from: state(before, listsA), changing: [("favorites", before), ("lists", listsA)])
        XCTAssertEqual(patch.operations, [])
    }
}
