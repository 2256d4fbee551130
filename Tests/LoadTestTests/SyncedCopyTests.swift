@testable import LoadTest
import StateSync
import XCTest

final class SyncedCopyTests: XCTestCase {
    let initial: JSONValue = ["list": ["pages": [[["id": 1, "name": "bulbasaur"]]]], "favorites": [:]]

    func testPatchesApplyInSequence() throws {
        var copy = SyncedCopy()
        copy.replace(seq: 3, state: initial)
        try copy.apply(seq: 4, ops: [.add(path: "/favorites/25", value: true)])
        try copy.apply(seq: 5, ops: [.add(path: "/list/pages/1", value: [["id": 21, "name": "spearow"]])])
        XCTAssertEqual(copy.seq, 5)
        XCTAssertEqual(copy.state?["favorites"], ["25": true])
        XCTAssertEqual(copy.state?["list"]?["pages"]?[1]?[0]?["id"], 21)
        XCTAssertTrue(copy.isInSync)
    }

    func testASeqGapIsDetectedAndLeavesTheCopyOutOfSyncUntilASnapshot() throws {
        var copy = SyncedCopy()
        copy.replace(seq: 0, state: initial)
        XCTAssertThrowsError(try copy.apply(seq: 2, ops: [.add(path: "/favorites/1", value: true)])) { error in
            XCTAssertEqual(error as? SyncedCopy.Failure, .seqGap(expected: 1, received: 2))
        }
        XCTAssertFalse(copy.isInSync)
        XCTAssertEqual(copy.state, initial, "the gapped patch was not applied")
        try copy.apply(seq: 3, ops: [.add(path: "/favorites/2", value: true)])
        XCTAssertEqual(copy.state, initial, "patches after a gap are ignored")
        copy.replace(seq: 3, state: ["favorites": ["2": true]])
        try copy.apply(seq: 4, ops: [.remove(path: "/favorites/2")])
        XCTAssertEqual(copy.state, ["favorites": [:]])
    }

    func testAPatchThatDoesNotApplyIsReported() {
        var copy = SyncedCopy()
        copy.replace(seq: 0, state: initial)
        XCTAssertThrowsError(try copy.apply(seq: 1, ops: [.remove(path: "/nothing/here")])) { error in
            XCTAssertEqual((error as? SyncedCopy.Failure)?.kind, "patch_failed")
        }
        XCTAssertFalse(copy.isInSync)
    }

    func testAPatchBeforeAnySnapshotIsAnError() {
        var copy = SyncedCopy()
        XCTAssertThrowsError(try copy.apply(seq: 1, ops: [])) { error in
            XCTAssertEqual(error as? SyncedCopy.Failure, .patchBeforeSnapshot)
        }
    }
}
