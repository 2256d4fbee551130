import Foundation
@testable import PokedexServer
import StateSync
import XCTest

/// Keys and the Favorites order outlive the process: a restart on the same database still
/// knows a key it applied, and a resume there rebuilds the Favorites view in its order.
final class StarKeyRestartTests: RestartTestCase {
    func testAKeyAppliedBeforeARestartIsNotAppliedAgainAfterIt() async throws {
        var server = try startServer()
        let ash = try await TestSession.open(server)
        let set = try await ash.perform(ash.star(25), key: "before-restart")
        XCTAssertNil(set)
        let unset = try await ash.perform(ash.star(25, on: false), key: "later")
        XCTAssertNil(unset)
        try await ash.perform(["favoritesTapped": [:]])
        try await ash.perform(["destination": ["presented": ["favorites": ["sortChanged": ["by": "added"]]]]])
        let sessionID = ash.session, seq = ash.seq
        // The saver writes a change of sort within 2 s: shutting down saves what it still holds.
        await server.shutdown()

        server = try startServer()
        let resumed = try await TestSession.open(server, token: ash.token, resume: .init(session: sessionID, seq: seq), route: "/")
        XCTAssertEqual(resumed.state["destination"]?["favorites"]?["sort"], "added")
        let replay = try await resumed.perform(resumed.star(25), key: "before-restart")
        XCTAssertNil(replay)
        XCTAssertEqual(resumed.acknowledgedKeys, ["before-restart"])
        XCTAssertEqual(resumed.favorites, [], "the replay after the restart changed nothing")
        await server.shutdown()
    }
}
