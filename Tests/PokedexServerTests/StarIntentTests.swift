import Foundation
import PokedexServer
import StateSync
import WebSocketServer
import XCTest

/// Stars as intents over the real server, two users in three tabs: concurrent intents
/// converge, a replayed key is acknowledged and applied once (after a reconnect too), the
/// Favorites view shows who added what and the list's activity live, and undo walks back.
final class StarIntentTests: ServerTestCase {
    func open(token: String? = nil, route: String = "/") async throws -> TestSession {
        try await TestSession.open(client, port: server.port, token: token, route: route)
    }

    /// Performs the action and asserts it was acknowledged.
    func accepted(_ tab: TestSession, _ action: JSONValue, key: String? = nil, line: UInt = #line) async throws {
        let refusal = try await tab.perform(action, key: key)
        XCTAssertNil(refusal, line: line)
    }

    func refusal(_ tab: TestSession, _ action: JSONValue, key: String? = nil) async throws -> ProtocolError.Code? {
        try await tab.perform(action, key: key)
    }
    static let undo: JSONValue = ["lists": ["undo": [:]]]
    static let openFavorites: JSONValue = ["favoritesTapped": [:]]

    /// Ash in two tabs and Misty, an editor of Ash's list, in a third.
    func threeTabs() async throws -> (ash: TestSession, ashAgain: TestSession, misty: TestSession) {
        let ash = try await open()
        let ashAgain = try await open(token: ash.token)
        let code = try await ash.createInvite(role: "editor")
        let misty = try await open(route: "/join/\(code)")
        try await misty.read { $0.state["lists"]?["active"] == ash.state["lists"]?["active"] }
        return (ash, ashAgain, misty)
    }

    func testConcurrentIntentsOnOneStarConverge() async throws {
        let (ash, ashAgain, misty) = try await threeTabs()
        var refs: [(TestSession, Int)] = []
        for round in 0..<10 {
            refs.append((ash, ash.send(ash.star(25, on: round % 2 == 0))))
            refs.append((ashAgain, ashAgain.send(ashAgain.star(25, on: round % 3 == 0))))
            refs.append((misty, misty.send(misty.star(25, on: round % 2 == 1))))
        }
        for (tab, ref) in refs { try await tab.read { $0.isAcknowledged(ref) } }
        let truth = try await open(token: ash.token).favorites
        for tab in [ash, ashAgain, misty] { try await tab.read { $0.favorites == truth } }
        XCTAssertTrue([ash, ashAgain, misty].allSatisfy { $0.errors.isEmpty })
        // The last intent of each tab was: Ash on (9 % 2 == 1 → off), Ash's other tab on (9 % 3 == 0), Misty on;
        // whichever committed last wins, and every tab agrees on it.
        XCTAssertTrue(truth == [] || truth == [25])
    }

    func testAReplayedKeyIsAcknowledgedOnceAndNotAppliedAgain() async throws {
        let (ash, ashAgain, misty) = try await threeTabs()
        try await accepted(ash, ash.star(25), key: "ash-tap-1")
        XCTAssertEqual(ash.acknowledgedKeys, ["ash-tap-1"])
        try await misty.read { $0.favorites == [25] }
        try await accepted(misty, misty.star(25, on: false), key: "misty-tap-1")
        try await ash.read { $0.favorites == [] }

        // The ack of the first send was lost: Ash's other tab replays the intent with its key.
        try await accepted(ashAgain, ashAgain.star(25), key: "ash-tap-1")
        XCTAssertEqual(ashAgain.acknowledgedKeys, ["ash-tap-1"])
        // And after a reconnect (a new connection of the same user).
        ash.close()
        let reconnected = try await open(token: ash.token)
        try await accepted(reconnected, reconnected.star(25), key: "ash-tap-1")
        XCTAssertEqual(reconnected.acknowledgedKeys, ["ash-tap-1"])
        XCTAssertEqual(reconnected.favorites, [], "the replay changed nothing")
        // One star event, one unstar: the replays logged nothing.
        try await accepted(misty, Self.openFavorites)
        let starKinds = { (session: TestSession) in
            (session.state["lists"]?["activity"]?.arrayValue ?? []).compactMap { $0["kind"]?.stringValue }.filter { $0.hasPrefix("star") }
        }
        try await misty.read { starKinds($0).count == 2 }
        XCTAssertEqual(starKinds(misty), ["starUnset", "starSet"])
    }

    func testABadKeyOrAKeyOnAnotherActionIsRefused() async throws {
        let ash = try await open()
        let refused1 = try await refusal(ash, ash.star(25), key: String(repeating: "k", count: 65))
        XCTAssertEqual(refused1, .badMessage)
        let refused2 = try await refusal(ash, ash.star(25), key: "no spaces")
        XCTAssertEqual(refused2, .badMessage)
        let refused3 = try await refusal(ash, Self.openFavorites, key: "k-1")
        XCTAssertEqual(refused3, .badAction)
        XCTAssertEqual(ash.favorites, [])
        XCTAssertNil(ash.state["destination"]?["favorites"])
    }

    func testTheFavoritesViewShowsWhoAddedWhatAndTheActivityLive() async throws {
        let (ash, ashAgain, misty) = try await threeTabs()
        try await accepted(misty, Self.openFavorites)
        let before = Int(Date().timeIntervalSince1970 * 1000) - 1000
        try await accepted(ash, ash.star(25))

        try await misty.read { ($0.state["lists"]?["pokemon"]?[0]?["addedBy"]?["name"]).map { $0 != .null } ?? false }
        let row = misty.state["lists"]?["pokemon"]?[0]
        XCTAssertEqual(row?["id"], 25)
        XCTAssertEqual(row?["addedBy"]?["id"]?.stringValue, ash.userID)
        XCTAssertEqual(row?["addedBy"]?["name"], ash.state["me"]?["name"])
        XCTAssertGreaterThanOrEqual(row?["addedAt"]?.intValue ?? 0, before)
        try await misty.read { $0.state["lists"]?["activity"]?.arrayValue?.isEmpty == false }
        let event = misty.state["lists"]?["activity"]?[0]
        XCTAssertEqual(event?["kind"], "starSet")
        XCTAssertEqual(event?["actor"]?["id"]?.stringValue, ash.userID)
        XCTAssertEqual(event?["pokemon"]?["id"], 25)
        XCTAssertEqual(event?["pokemon"]?["name"], "Pikachu")

        // Sessions that show only star buttons get the star and nothing of who or when.
        try await ashAgain.read { $0.favorites == [25] }
        XCTAssertEqual(ashAgain.state["lists"]?["pokemon"], [])
        XCTAssertEqual(ashAgain.state["lists"]?["activity"], [])

        // The order is state: newest addition first.
        try await accepted(misty, misty.star(1))
        try await accepted(misty, ["destination": ["presented": ["favorites": ["sortChanged": ["by": "added"]]]]])
        try await misty.read { $0.state["lists"]?["pokemon"]?.arrayValue?.map { $0["id"] } == [1, 25] }
        XCTAssertEqual(misty.state["destination"]?["favorites"]?["sort"], "added")
        try await accepted(misty, ["destination": ["presented": ["favorites": ["sortChanged": ["by": "number"]]]]])
        try await misty.read { $0.state["lists"]?["pokemon"]?.arrayValue?.map { $0["id"] } == [1, 25] }
        try await accepted(misty, ["destination": ["presented": ["favorites": ["sortChanged": ["by": "name"]]]]])
        try await misty.read { $0.state["lists"]?["pokemon"]?.arrayValue?.map { $0["id"] } == [1, 25] }  // Bulbasaur, Pikachu

        // A favorite is unstarred from the Favorites view (the one star action, as everywhere).
        try await accepted(misty, misty.star(25, on: false))
        try await ash.read { $0.favorites == [1] }
        try await misty.read { $0.state["lists"]?["activity"]?[0]?["kind"] == "starUnset" }
    }

    func testUndoRevertsMyOwnStarsOneAfterAnotherLive() async throws {
        let (ash, _, misty) = try await threeTabs()
        try await accepted(misty, Self.openFavorites)
        try await accepted(ash, ash.star(1))
        try await accepted(ash, ash.star(4))
        try await accepted(misty, misty.star(7))
        try await ash.read { $0.favorites == [1, 4, 7] }

        try await accepted(ash, Self.undo)
        try await misty.read { $0.favorites == [1, 7] }
        try await misty.read { $0.state["lists"]?["activity"]?[0]?["undoes"] != .null && $0.state["lists"]?["activity"]?[0]?["undoes"] != nil }
        XCTAssertEqual(misty.state["lists"]?["activity"]?[0]?["kind"], "starUnset")
        XCTAssertEqual(misty.state["lists"]?["activity"]?[0]?["pokemon"]?["id"], 4)
        try await accepted(ash, Self.undo)
        try await misty.read { $0.favorites == [7] }
        // Nothing of Ash's is left: a notice says so, and Misty's star stays.
        try await accepted(ash, Self.undo)
        try await ash.read { $0.state["notice"] != .null }
        XCTAssertEqual(ash.favorites, [7])
    }

    func testAViewerCanNeitherStarNorUndo() async throws {
        let ash = try await open()
        let code = try await ash.createInvite(role: "viewer")
        let brock = try await open(route: "/join/\(code)")
        try await brock.read { $0.state["lists"]?["active"] == ash.state["lists"]?["active"] }
        try await accepted(ash, ash.star(25))
        let refused4 = try await refusal(brock, brock.star(1), key: "brock-1")
        XCTAssertEqual(refused4, .forbidden)
        let refused5 = try await refusal(brock, Self.undo)
        XCTAssertEqual(refused5, .forbidden)
        let refused6 = try await refusal(brock, brock.star(25, on: false))
        XCTAssertEqual(refused6, .forbidden)
        try await brock.read { $0.favorites == [25] }
        XCTAssertEqual(ash.favorites, [25])
    }
}
