import XCTest
@testable import WebSocketServer

/// Fill, then spread: which service thread takes a new connection, from given loads.
final class ConnectionPlacementTests: XCTestCase {
    func testTheListeningThreadKeepsConnectionsWhileBelowTheThreshold() {
        XCTAssertEqual(ConnectionPlacement.thread(loads: [0, 0], spreadAbove: 500), 0)
        XCTAssertEqual(ConnectionPlacement.thread(loads: [499, 0], spreadAbove: 500), 0)
        XCTAssertEqual(ConnectionPlacement.thread(loads: [499, 900, 0], spreadAbove: 500), 0)
    }

    func testTheNextThreadBelowTheThresholdFillsOnceTheFirstIsAtIt() {
        XCTAssertEqual(ConnectionPlacement.thread(loads: [500, 0], spreadAbove: 500), 1)
        XCTAssertEqual(ConnectionPlacement.thread(loads: [800, 450, 10], spreadAbove: 500), 1, "fills, not the least busy")
        XCTAssertEqual(ConnectionPlacement.thread(loads: [800, 600, 10], spreadAbove: 500), 2)
    }

    func testWhenEveryThreadIsAtTheThresholdTheLeastBusyTakesIt() {
        XCTAssertEqual(ConnectionPlacement.thread(loads: [900, 600], spreadAbove: 500), 1)
        XCTAssertEqual(ConnectionPlacement.thread(loads: [600, 900], spreadAbove: 500), 0)
        XCTAssertEqual(ConnectionPlacement.thread(loads: [700, 700, 700], spreadAbove: 500), 0, "the first of equals")
        XCTAssertEqual(ConnectionPlacement.thread(loads: [1000, 700, 700], spreadAbove: 500), 1)
    }

    func testOneThreadKeepsEverything() {
        XCTAssertEqual(ConnectionPlacement.thread(loads: [1000], spreadAbove: 500), 0)
    }

    func testABusyWindowIsTheShareOfWallTimeOnACore() {
        var window = BusyWindow(from: .init(cpu: 5_000, wall: 1_000_000))
        XCTAssertEqual(window.close(at: .init(cpu: 105_000, wall: 1_250_000)), 400, "100 µs of CPU in 250 µs")
        XCTAssertEqual(window.close(at: .init(cpu: 105_000, wall: 1_500_000)), 0, "the next window starts where that one closed")
        XCTAssertEqual(window.close(at: .init(cpu: 500_000, wall: 1_600_000)), 1000, "never above a whole core")
        XCTAssertEqual(window.close(at: .init(cpu: 600_000, wall: 1_600_000)), 0, "no time passed")
    }
}
