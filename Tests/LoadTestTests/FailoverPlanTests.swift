@testable import LoadTest
import XCTest

final class FailoverPlanTests: XCTestCase {
    func testNeighboursShowDifferentScreensAndEachOneIsAKnownPage() {
        XCTAssertEqual(FailoverPlan.route(for: 0), "/pokemon/1")
        XCTAssertEqual(FailoverPlan.route(for: 150), "/pokemon/151")
        XCTAssertEqual(FailoverPlan.route(for: 151), "/pokemon/1")
        XCTAssertNotEqual(FailoverPlan.route(for: 7), FailoverPlan.route(for: 8))
    }

    func testTheSurvivorIsAnotherTarget() {
        let a = LoadTarget(host: "127.0.0.1", port: 1), b = LoadTarget(host: "127.0.0.1", port: 2)
        XCTAssertEqual(FailoverPlan.survivor(of: [a, b], lost: a), b)
        XCTAssertEqual(FailoverPlan.survivor(of: [a, b], lost: b), a)
        XCTAssertNil(FailoverPlan.survivor(of: [a], lost: a))
    }

    func testTheTimeRunsFromTheFirstLossToTheLastRestore() throws {
        let kill = ContinuousClock.now
        let seconds = try XCTUnwrap(FailoverPlan.seconds(lostAt: [kill + .milliseconds(30), kill, kill + .milliseconds(10)],
                                                         restoredAt: kill + .milliseconds(1500)))
        XCTAssertEqual(seconds, 1.5, accuracy: 1e-9)
        XCTAssertNil(FailoverPlan.seconds(lostAt: [], restoredAt: kill), "nothing lost")
        XCTAssertNil(FailoverPlan.seconds(lostAt: [kill], restoredAt: nil), "nothing restored")
    }

    func testAScreenOtherThanTheSessionsOwnIsWrong() {
        let screens: [(index: Int, route: String?)] = [(0, "/pokemon/1"), (1, "/pokemon/1"), (2, nil), (3, "/pokemon/4")]
        XCTAssertEqual(FailoverPlan.wrongScreens(screens), [1, 2])
    }
}
