import Foundation
@testable import PokedexServer
import StateSync
import XCTest

/// Keys and the Favorites order outlive the process: a restart on the same database still
/// knows a key it applied, and a resume there rebuilds the Favorites view in its order.
final class StarKeyRestartTests: XCTestCase {
    var directory = ""

    override func setUp() {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("pokedex-\(UUID().uuidString)").path
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: directory)
    }

    func startServer() throws -> InProcessServer {
        var options = ServerOptions()
        options.database = directory + "/pokedex.sqlite"
        options.spritesURL = "http://127.0.0.1:9"
        let environment = try ServerEnvironment.live(options, logger: .silent)
        return InProcessServer(options: options, environment: environment)
    }

    func testAKeyAppliedBeforeARestartIsNotAppliedAgainAfterIt() async throws {
        var server = try startServer()
        let ash = try await TestSession.open(server)
        let set = try await ash.perform(TestSession.star(25), key: "before-restart")
        XCTAssertNil(set)
        let unset = try await ash.perform(TestSession.star(25, on: false), key: "later")
        XCTAssertNil(unset)
        try await ash.perform(["favoritesTapped": [:]])
        try await ash.perform(["destination": ["presented": ["favorites": ["sortChanged": ["by": "added"]]]]])
        let sessionID = ash.session, seq = ash.seq
        // The saver writes at most every 2 s: shutting down saves what it holds.
        await server.shutdown()

        server = try startServer()
        let resumed = try await TestSession.open(server, token: ash.token, resume: .init(session: sessionID, seq: seq), route: "/")
        XCTAssertEqual(resumed.state["destination"]?["favorites"]?["sort"], "added")
        let replay = try await resumed.perform(TestSession.star(25), key: "before-restart")
        XCTAssertNil(replay)
        XCTAssertEqual(resumed.acknowledgedKeys, ["before-restart"])
        XCTAssertEqual(resumed.favorites, [], "the replay after the restart changed nothing")
        await server.shutdown()
    }
}
