import Foundation
import StateSync
import XCTest

/// Keyed stars and the activity log across processes.
extension ClusterTests {
    func testAKeyAppliedOnOneProcessIsNotAppliedAgainOnTheOther() async throws {
        let first = try startProcess(), second = try startProcess()
        let ash = try await open(first)
        let code = try await invite(ash)
        let misty = try await open(second, route: "/join/\(code)")
        try await misty.read { $0.state["lists"]?["active"] == ash.state["lists"]?["active"] }

        let set = try await ash.perform(ash.star(25), key: "ash-1")
        XCTAssertNil(set)
        let unset = try await misty.perform(misty.star(25, on: false), key: "misty-1")
        XCTAssertNil(unset)
        try await ash.read { $0.favorites == [] }
        // Ash's tab reconnects to the other process and replays its intent.
        ash.close()
        let replaying = try await open(second, token: ash.token)
        let replay = try await replaying.perform(replaying.star(25), key: "ash-1")
        XCTAssertNil(replay)
        XCTAssertEqual(replaying.acknowledgedKeys, ["ash-1"])
        XCTAssertEqual(replaying.favorites, [])
    }

    func testTheActivityOfAStarOnOneProcessReachesAFavoritesViewOnTheOther() async throws {
        let first = try startProcess(), second = try startProcess()
        let ash = try await open(first)
        let code = try await invite(ash)
        let misty = try await open(second, route: "/join/\(code)")
        try await misty.read { $0.state["lists"]?["active"] == ash.state["lists"]?["active"] }
        let opened = try await misty.perform(["favoritesTapped": [:]])
        XCTAssertNil(opened)

        let set = try await ash.perform(ash.star(25))
        XCTAssertNil(set)
        try await misty.read { $0.state["lists"]?["activity"]?[0]?["kind"] == "starSet" }
        try await misty.read { $0.state["lists"]?["pokemon"]?[0]?["addedBy"]?["id"]?.stringValue == ash.userID }
        let undo = try await ash.perform(["lists": ["undo": [:]]])
        XCTAssertNil(undo)
        try await misty.read { $0.favorites == [] && $0.state["lists"]?["activity"]?[0]?["kind"] == "starUnset" }
    }
}
