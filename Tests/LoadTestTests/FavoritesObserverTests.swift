@testable import LoadTest
import StateSync
import XCTest

final class FavoritesObserverTests: XCTestCase {
    func testOnlyListsAndDestinationPatchesCanOpenTheView() {
        XCTAssertFalse(FavoritesObserver.mayOpenTheView(.add(path: "/favorites/25", value: true)))
        XCTAssertFalse(FavoritesObserver.mayOpenTheView(.replace(path: "/list/search", value: "pi")))
        XCTAssertTrue(FavoritesObserver.mayOpenTheView(.replace(path: "/lists/active", value: "L2")))
        XCTAssertTrue(FavoritesObserver.mayOpenTheView(.replace(path: "/destination", value: ["favorites": [:]])))
        XCTAssertTrue(FavoritesObserver.mayOpenTheView(.replace(path: "", value: [:])))
    }

    func testJoinedMeansTheSharedListIsActive() {
        XCTAssertTrue(FavoritesObserver.hasJoined(["lists": ["active": "L2"]], listID: "L2"))
        XCTAssertFalse(FavoritesObserver.hasJoined(["lists": ["active": "L1"]], listID: "L2"))
        XCTAssertFalse(FavoritesObserver.hasJoined(["list": [:]], listID: "L2"))
    }
}
