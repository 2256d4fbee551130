@testable import LoadTest
import StateSync
import XCTest

final class BrowsePlanTests: XCTestCase {
    func state(canLoadMore: Bool = true, search: String = "", destination: JSONValue = nil) -> JSONValue {
        ["list": ["search": .string(search), "pages": [[["id": 1], ["id": 2]]], "canLoadMore": .bool(canLoadMore),
                  "isLoadingMore": false],
         "destination": destination]
    }

    func testAnOpenDetailIsClosedFirst() {
        var plan = BrowsePlan(seed: 1)
        XCTAssertEqual(plan.nextAction(for: state(destination: ["detail": [:]])), ["destination": ["dismiss": [:]]])
    }

    func testScrollsOpensRowsOnScreenAndSearches() {
        var plan = BrowsePlan(seed: 1)
        var now = ContinuousClock.now
        var actions: [JSONValue] = []
        for _ in 0..<10 {
            now += .seconds(2)
            actions.append(plan.nextAction(for: state(), at: now))
        }
        XCTAssertTrue(actions.contains(["list": ["reachedEnd": [:]]]))
        XCTAssertTrue(actions.contains(["list": ["binding": ["search": "pi"]]]))
        let opened = actions.compactMap { $0["list"]?["rowTapped"]?["id"]?.intValue }
        XCTAssertFalse(opened.isEmpty)
        XCTAssertTrue(opened.allSatisfy { [1, 2].contains($0) }, "only rows on screen are opened")
    }

    func testNoRowIsOpenedWhileASearchIsSettlingOrAnActionIsUnanswered() {
        var plan = BrowsePlan(seed: 3)
        let start = ContinuousClock.now
        var now = start
        while plan.nextAction(for: state(), at: now)["list"]?["binding"] == nil { now += .seconds(2) }
        for offset in 1...5 {
            let action = plan.nextAction(for: state(canLoadMore: false, search: "pi"), at: now + .milliseconds(100 * offset))
            XCTAssertNil(action["list"]?["rowTapped"], "\(action)")
        }
        let instead = plan.nextAction(for: state(canLoadMore: false), awaitingAnswer: true, at: now + .seconds(5))
        XCTAssertTrue(instead["navigate"]?["route"]?.stringValue?.hasPrefix("/pokemon/") == true, "\(instead)")
    }

    /// At the scenario's pace (an action every 0.1 s, each answered before the next) the settle
    /// ends a second after the search's own answer, and rows are opened and searched again.
    func testASearchSettlesOnceItsOwnAnswerIsASecondOldWhileLaterActionsAreAnswered() throws {
        var plan = BrowsePlan(seed: 3)
        var now = ContinuousClock.now
        var lastAnswerAt: ContinuousClock.Instant?
        var searchedAt: ContinuousClock.Instant?
        var opened: [ContinuousClock.Instant] = []
        var searches = 0
        for _ in 0..<60 {
            now += .milliseconds(100)
            let action = plan.nextAction(for: state(canLoadMore: false), lastAnswerAt: lastAnswerAt, at: now)
            lastAnswerAt = now + .milliseconds(5)
            if action["list"]?["binding"] != nil {
                searches += 1
                searchedAt = now
            }
            if action["list"]?["rowTapped"] != nil { opened.append(now) }
        }
        XCTAssertGreaterThan(searches, 1, "searches again after a settle")
        let lastSearchAt = try XCTUnwrap(searchedAt)
        let searchAnsweredAt = lastSearchAt + .milliseconds(5)
        XCTAssertTrue(opened.allSatisfy { $0 < lastSearchAt || $0 - searchAnsweredAt >= BrowsePlan.searchSettle })
        XCTAssertGreaterThan(opened.count, 5, "rows are opened between searches: \(opened.count)")
    }
}
