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
    /// A roster page every session shares, inside each session's own `lists` object.
    private let rosterBefore: JSONValue = [["id": "u1", "online": true]]
    private let rosterAfter: JSONValue = [["id": "u1", "online": true], ["id": "u2", "online": true]]

    func testSessionsWhoseOwnPartsChangedOnlyInSharedMembersShareOnePatchMadeOnce() throws {
        let memo = PartsPatchMemo(keyedByMembers: ["lists"])
        let oldA: JSONValue = ["active": "a", "members": rosterBefore, "count": 1]
        let oldB: JSONValue = ["active": "b", "members": rosterBefore, "count": 1]
        let first = memo.patch(from: state(before, oldA), changing: [("lists", ["active": "a", "members": rosterAfter, "count": 2])])
        let second = memo.patch(from: state(before, oldB), changing: [("lists", ["active": "b", "members": rosterAfter, "count": 2])])

        XCTAssertEqual(first.operations, [
            .add(path: "/lists/members/1", value: ["id": "u2", "online": true]), .replace(path: "/lists/count", value: 2),
        ])
        XCTAssertTrue(second.encodedOperations.sharesStorage(with: first.encodedOperations), "the second session's patch was remembered")
        let patchedB = try JSONPatch.apply(second.operations, to: .object(state(before, oldB)))
        XCTAssertEqual(patchedB, .object(state(before, ["active": "b", "members": rosterAfter, "count": 2])))
    }

    func testAMemberGoneFromAnOwnPartIsRemovedAndAMemberOfItsOwnIsNotShared() throws {
        let memo = PartsPatchMemo(keyedByMembers: ["lists"])
        let old: JSONValue = ["active": "a", "members": rosterBefore, "invites": [["id": "i1"]]]
        let new: JSONValue = ["active": "a", "members": rosterAfter]
        let patch = memo.patch(from: state(before, old), changing: [("lists", new)])
        XCTAssertEqual(try JSONPatch.apply(patch.operations, to: .object(state(before, old))), .object(state(before, new)))
        XCTAssertTrue(patch.operations.contains(.remove(path: "/lists/invites")))

        // Another session whose own member changed too (its active list) gets its own patch.
        let otherOld: JSONValue = ["active": "b", "members": rosterBefore, "invites": [["id": "i1"]]]
        let otherNew: JSONValue = ["active": "c", "members": rosterAfter]
        let other = memo.patch(from: state(before, otherOld), changing: [("lists", otherNew)])
        XCTAssertFalse(other.encodedOperations.sharesStorage(with: patch.encodedOperations))
        XCTAssertEqual(try JSONPatch.apply(other.operations, to: .object(state(before, otherOld))), .object(state(before, otherNew)))
    }
}
