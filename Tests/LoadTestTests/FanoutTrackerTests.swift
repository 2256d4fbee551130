@testable import LoadTest
import StateSync
import XCTest

final class FanoutTrackerTests: XCTestCase {
    func testStarOpsNameTheirIds() {
        let ops: [PatchOperation] = [.add(path: "/favorites/25", value: true), .remove(path: "/favorites/4"),
                                     .replace(path: "/list/search", value: "pi")]
        XCTAssertEqual(FanoutTracker.favoriteIDs(touchedBy: ops, pending: [7]), [25, 4])
        XCTAssertEqual(Set(FanoutTracker.favoriteIDs(touchedBy: [.replace(path: "/favorites", value: [:])], pending: [7, 9])), [7, 9])
        XCTAssertEqual(FanoutTracker.favoriteIDs(touchedBy: [.add(path: "/favorites/3", value: true), .remove(path: "/favorites/3")], pending: []), [3])
        XCTAssertEqual(FanoutTracker.favoriteIDs(touchedBy: [.add(path: "/favoritesX/1", value: true)], pending: [1]), [])
    }

    func testInviteCodeIsReadFromTheLink() {
        let state: JSONValue = ["destination": ["favorites": ["invite": ["role": "editor", "link": "http://127.0.0.1:8080/#/join/ABC123"]]]]
        XCTAssertEqual(InviteSetup.link(in: state), "ABC123")
        XCTAssertNil(InviteSetup.link(in: ["destination": ["favorites": ["invite": nil]]]))
    }
}
