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

    /// A write is timed once, when the last member shows it, and every member's own time is
    /// kept too; a patch that shows the old value does not count.
    func testAWriteIsTimedToEveryMemberAndToEachOne() throws {
        let recorder = Recorder()
        let tracker = FanoutTracker(recorder: recorder)
        tracker.setMembers([0, 1, 2])
        tracker.begin(id: 25, expected: true)
        let sentAt = ContinuousClock.now
        let star: [PatchOperation] = [.add(path: "/favorites/25", value: true)]

        tracker.member(0, applied: star, favorites: ["25": true], at: sentAt + .milliseconds(10))
        tracker.member(1, applied: [.remove(path: "/favorites/25")], favorites: [:], at: sentAt + .milliseconds(15))
        tracker.member(0, applied: star, favorites: ["25": true], at: sentAt + .milliseconds(20))
        tracker.member(2, applied: star, favorites: ["25": true], at: sentAt + .milliseconds(30))
        tracker.member(7, applied: star, favorites: ["25": true], at: sentAt + .milliseconds(35))
        XCTAssertEqual(recorder.snapshot.fanout.count, 0, "member 1 has not shown the star yet")
        XCTAssertEqual(tracker.pendingIDs, [25])

        tracker.member(1, applied: star, favorites: ["25": true], at: sentAt + .milliseconds(40))
        let tallies = recorder.snapshot
        XCTAssertEqual(tracker.pendingIDs, [])
        XCTAssertEqual(tallies.fanout.count, 1)
        XCTAssertEqual(Double(tallies.fanout.maxMicroseconds), 40_000, accuracy: 500)
        XCTAssertEqual(tallies.fanoutToEach.count, 3, "each member once, and no one else")
        XCTAssertEqual(Double(tallies.fanoutToEach.minMicroseconds), 10_000, accuracy: 500)
        XCTAssertEqual(Double(tallies.fanoutToEach.percentile(50)), 30_000, accuracy: 500)
        let report = Report(options: LoadOptions(), tallies: tallies, outcome: ScenarioOutcome(), elapsed: .seconds(1))
        XCTAssertTrue(report.text.contains("fan-out to each member: 3 deliveries, p50 30"), report.text)
    }

    func testInviteCodeIsReadFromTheLink() {
        let state: JSONValue = ["destination": ["favorites": ["invite": ["role": "editor", "link": "http://127.0.0.1:8080/#/join/ABC123"]]]]
        XCTAssertEqual(InviteSetup.link(in: state), "ABC123")
        XCTAssertNil(InviteSetup.link(in: ["destination": ["favorites": ["invite": nil]]]))
    }
}
