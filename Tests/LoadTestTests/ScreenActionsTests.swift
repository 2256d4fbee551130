@testable import LoadTest
import StateSync
import XCTest

/// Reading the screen a copy shows: which rows a tap may name, and whether a refused tap's row
/// was gone by the time of the refusal (a stale tap, not an error).
final class ScreenActionsTests: XCTestCase {
    private let list: JSONValue = ["pages": [[["id": 1], ["id": 2]], [["id": 7]]]]

    func testARowOnAnyPageIsShown() {
        XCTAssertTrue(ScreenActions.shows(row: 2, list))
        XCTAssertTrue(ScreenActions.shows(row: 7, list))
    }

    func testARowOnNoPageOrNoListIsNotShown() {
        XCTAssertFalse(ScreenActions.shows(row: 3, list))
        XCTAssertFalse(ScreenActions.shows(row: 1, nil))
        XCTAssertFalse(ScreenActions.shows(row: 1, ["pages": []]))
    }
}
