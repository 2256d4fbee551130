import Foundation
@testable import PokedexServer
import StateSync
import XCTest

/// A session outlives its process: what it showed is saved, and a resume that reaches a new
/// process (here: the same database after a restart, both in process) rebuilds that screen.
final class SessionRestoreTests: RestartTestCase {
    func testAResumeAfterARestartRebuildsTheScreenFromItsSavedState() async throws {
        var server = try startServer()
        let owner = try await TestSession.open(server)
        let tab = try await TestSession.open(server, token: owner.token)
        try await tab.perform(["list": ["binding": ["search": "char"]]])
        try await tab.perform(["list": ["binding": ["type": "fire"]]])
        try await tab.perform(["navigate": ["route": "/pokemon/4/type/fire"]])
        let sessionID = tab.session, seq = tab.seq
        await server.shutdown()

        server = try startServer()
        let resumed = try await TestSession.open(server, token: owner.token, resume: .init(session: sessionID, seq: seq), route: "/")
        XCTAssertEqual(resumed.session, sessionID, "the same session, under its own id")
        XCTAssertEqual(resumed.state["list"]?["search"], "char")
        XCTAssertEqual(resumed.state["list"]?["type"], "fire")
        XCTAssertEqual(resumed.state["route"], "/pokemon/4/type/fire")
        // Another user cannot take the session over by naming it.
        let stranger = try await TestSession.open(server, resume: .init(session: sessionID, seq: seq))
        XCTAssertNotEqual(stranger.session, sessionID)
        XCTAssertEqual(stranger.state["list"]?["search"], "")
        await server.shutdown()
    }

    func testTheLanguageIsPartOfTheSavedScreen() async throws {
        var server = try startServer()
        let owner = try await TestSession.open(server)
        let tab = try await TestSession.open(server, token: owner.token, route: "/pokemon/1")
        try await tab.perform(["setLocale": ["locale": "es"]])
        try await tab.read { $0.state["destination"]?["detail"]?["info"]?["genus"] == "Pokémon Semilla" }
        let sessionID = tab.session, seq = tab.seq
        await server.shutdown()

        server = try startServer()
        // The browser asks for English (a new tab would get it); the resumed session keeps its own.
        let resumed = try await TestSession.open(
            server, token: owner.token, resume: .init(session: sessionID, seq: seq), route: "/", locale: "en"
        )
        XCTAssertEqual(resumed.session, sessionID)
        XCTAssertEqual(resumed.state["locale"], "es")
        try await resumed.read { $0.state["destination"]?["detail"]?["info"]?["genus"] == "Pokémon Semilla" }
        XCTAssertEqual(resumed.state["destination"]?["detail"]?["info"]?["abilities"]?[0]?["name"], "Espesura")
        await server.shutdown()
    }
}
