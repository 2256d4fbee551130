@testable import PokedexServer
import StateSync
import XCTest

/// Refusals by the wire contract, over the server in process: each is an error frame for the
/// action's ref, and nothing changes.
final class AuthorizationTests: InProcessTestCase {
    func invite(_ owner: TestSession, role: String = "editor") async throws -> String {
        try await owner.createInvite(role: role)
    }

    func testAViewersWriteIsRefusedAndChangesNothing() async throws {
        let owner = try await open()
        let code = try await invite(owner, role: "viewer")
        let viewer = try await open(route: "/join/\(code)")
        try await viewer.read { $0.state["lists"]?["active"] == owner.state["lists"]?["active"] }
        let viewerWrite = try await viewer.perform(viewer.star(7))
        XCTAssertEqual(viewerWrite, .forbidden)
        XCTAssertEqual(viewer.favorites, [])
        let fresh = try await open(token: owner.token)
        XCTAssertEqual(fresh.favorites, [])
    }

    func testForgedListIDsAndOthersInvitesAreRefused() async throws {
        let ash = try await open()
        let misty = try await open()
        let mistyList = misty.state["lists"]?["active"] ?? .null
        let otherUsersList = try await ash.perform(["selectList": ["id": mistyList]])
        XCTAssertEqual(otherUsersList, .forbidden)
        let forgedList = try await ash.perform(["selectList": ["id": "forged"]])
        XCTAssertEqual(forgedList, .forbidden)
        let starInOthersList = try await ash.perform(TestSession.star(25, list: mistyList.stringValue ?? ""))
        XCTAssertEqual(starInOthersList, .forbidden)
        let starInForgedList = try await ash.perform(TestSession.star(25, list: "forged"))
        XCTAssertEqual(starInForgedList, .forbidden)
        XCTAssertEqual(ash.state["lists"]?["active"], ash.state["lists"]?["all"]?[0]?["id"])
    }

    func testAnActionNotInTheTableIsRefusedAndTheSessionGoesOn() async throws {
        let ash = try await open()
        let before = ash.state
        let commit = try await ash.perform(["undone": ["pokemonID": 25, "isFavorite": true]])
        XCTAssertEqual(commit, .unknownAction)
        let delegate = try await ash.perform(["destination": ["presented": ["favorites": ["delegate": ["confirmLeave": [:]]]]]])
        XCTAssertEqual(delegate, .unknownAction)
        XCTAssertEqual(ash.state, before)
        XCTAssertEqual(ash.favorites, [])
        let star = try await ash.perform(ash.star(25))
        XCTAssertNil(star)
        XCTAssertEqual(ash.favorites, [25])
    }

    func testAnOwnerCannotLeaveAndAnEditorCannotInvite() async throws {
        let owner = try await open()
        let code = try await invite(owner)
        let leave = try await owner.perform(["destination": ["presented": ["favorites": ["leaveTapped": [:]]]]])
        XCTAssertEqual(leave, .forbidden)
        XCTAssertEqual(owner.state["alert"], .null)
        let editor = try await open(route: "/join/\(code)")
        try await editor.read { $0.state["lists"]?["active"] == owner.state["lists"]?["active"] }
        let inviteByEditor = try await editor.perform(["destination": ["presented": ["favorites": ["inviteTapped": ["role": "viewer"]]]]])
        XCTAssertEqual(inviteByEditor, .forbidden)
    }
}
