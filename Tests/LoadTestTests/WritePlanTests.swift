@testable import LoadTest
import XCTest

final class WritePlanTests: XCTestCase {
    func testListsAreRunsOfConsecutiveSessionsSoEachSpansTheTargets() {
        let plan = WritePlan(sessions: 45, perList: 20)
        XCTAssertEqual(plan.listCount, 3)
        XCTAssertEqual(plan.members(of: 0), 0..<20)
        XCTAssertEqual(plan.members(of: 2), 40..<45, "the last list takes the rest")
        XCTAssertTrue(plan.list(of: 20) == (1, 0), "session 20 owns list 1")
        XCTAssertTrue(plan.list(of: 43) == (2, 3))
        let targets = Set(plan.members(of: 2).map { $0 % 2 })
        XCTAssertEqual(targets, [0, 1], "with two targets every list has members on both")
    }

    func testMembersOfAListOwnDisjointIdsCoveringTheDex() {
        let plan = WritePlan(sessions: 40, perList: 20)
        let owned = (0..<20).map { plan.ownedIDs(position: $0) }
        XCTAssertEqual(owned.map(\.count).reduce(0, +), WritePlan.dexSize)
        XCTAssertEqual(Set(owned.joined()), Set(1...WritePlan.dexSize), "no id owned twice, none left out")
        XCTAssertEqual(owned[0].prefix(3), [1, 21, 41])
    }

    func testAListIsNeverLargerThanTheSessionsOrTheDex() {
        XCTAssertEqual(WritePlan(sessions: 5, perList: 20).perList, 5)
        XCTAssertEqual(WritePlan(sessions: 5000, perList: 500).perList, WritePlan.dexSize)
    }

    func testStarredIdsAreReadFromACopy() {
        XCTAssertEqual(WritesScenario.favorites(in: ["favorites": ["4": true, "25": true, "7": false]]), [4, 25])
        XCTAssertEqual(WritesScenario.favorites(in: nil), [])
        XCTAssertEqual(WriteThroughput(acknowledged: 500, seconds: 0.25).perSecond, 2000)
    }
}
