@testable import StateSync
import XCTest

final class ObjectDiffMemoTests: XCTestCase {
    private func favorites(_ ids: some Sequence<Int>) -> JSONObject {
        JSONObject(uniqueKeysWithValues: ids.sorted().map { (String($0), JSONValue.bool(true)) })
    }

    func testAPairIsComputedOnceByIdentityNotByContent() {
        let memo = ObjectDiffMemo()
        let old = favorites(1...40), new = favorites(2...41)
        var computed = 0
        let compute = { () -> [PatchOperation] in
            computed += 1
            return [.remove(path: "/1"), .add(path: "/41", value: true)]
        }
        let first = memo.operations(from: old, to: new, compute: compute)
        let again = memo.operations(from: old, to: new, compute: compute)
        XCTAssertEqual(first, again)
        XCTAssertEqual(computed, 1)
        // Equal content in other storage is another pair.
        _ = memo.operations(from: old, to: favorites(2...41), compute: compute)
        XCTAssertEqual(computed, 2)
    }

    func testTheOldestPairMakesRoomForANewOne() {
        let memo = ObjectDiffMemo()
        let base = favorites(1...40)
        let others = (0...ObjectDiffMemo.capacity).map { favorites((1...40).filter { $0 != 1 } + [100 + $0]) }
        var computed = 0
        for other in others { _ = memo.operations(from: base, to: other) { computed += 1; return [] } }
        XCTAssertEqual(computed, others.count)
        _ = memo.operations(from: base, to: others.last!) { computed += 1; return [] }
        XCTAssertEqual(computed, others.count, "the newest pair is kept")
        _ = memo.operations(from: base, to: others[0]) { computed += 1; return [] }
        XCTAssertEqual(computed, others.count + 1, "the oldest pair was replaced")
    }

    func testARememberedDiffIsPlacedAtEachPathItIsFoundAt() throws {
        let before = favorites(stride(from: 2, through: 150, by: 2))
        let after = favorites(stride(from: 2, through: 150, by: 2).filter { $0 != 40 } + [77])
        let states: [(JSONValue, JSONValue)] = [
            (["favorites": .object(before)], ["favorites": .object(after)]),
            (["lists": ["a": ["rows": .object(before)]]], ["lists": ["a": ["rows": .object(after)]]]),
            (.object(before), .object(after)),
        ]
        for (old, new) in states {
            let operations = JSONPatch.diff(from: old, to: new)
            XCTAssertEqual(operations.count, 2, "\(operations)")
            XCTAssertEqual(try JSONPatch.apply(operations, to: old), new)
        }
        XCTAssertEqual(JSONPatch.diff(from: states[1].0, to: states[1].1), [
            .remove(path: "/lists/a/rows/40"), .add(path: "/lists/a/rows/77", value: true),
        ])
    }
}
