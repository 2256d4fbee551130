import Foundation
import PokedexServer
import StateSync
import WebSocketServer
import XCTest

/// Losing a list over the real server: every session of the user drops it at once, with a
/// notice, and hears nothing more of it.
final class MembershipLossTests: ServerTestCase {
    func open(token: String? = nil, route: String = "/") async throws -> TestSession {
        try await TestSession.open(client, port: server.port, token: token, route: route)
    }

    func invite(_ owner: TestSession, role: String = "editor") async throws -> String {
        try await owner.createInvite(role: role)
    }

    func testARemovedMemberDropsTheListAndGetsNoMoreOfItsStars() async throws {
        let owner = try await open()
        let list = owner.state["lists"]?["active"]
        let code = try await invite(owner)
        let member = try await open(route: "/join/\(code)")
        try await member.read { $0.state["lists"]?["active"] == list && $0.state["destination"]?["favorites"] != nil }
        // A second tab of the member, on the shared list too.
        let memberTab = try await open(token: member.token)
        try await memberTab.perform(["selectList": ["id": list ?? .null]])
        let refusal1 = try await owner.perform(owner.star(1))
        XCTAssertNil(refusal1)
        try await member.read { $0.favorites == [1] }
        try await memberTab.read { $0.favorites == [1] }

        let memberID = member.userID ?? ""
        try await owner.read { ($0.state["lists"]?["members"]?.arrayValue ?? []).contains { $0["id"]?.stringValue == memberID } }
        let refusal2 = try await owner.perform(["destination": ["presented": ["favorites": ["removeMemberTapped": ["id": .string(memberID)]]]]])
        XCTAssertNil(refusal2)
        let refusal3 = try await owner.perform(["alert": ["confirm": [:]]])
        XCTAssertNil(refusal3)

        let personal = member.state["lists"]?["all"]?[0]?["id"]
        for session in [member, memberTab] {
            try await session.read { $0.state["lists"]?["active"] == personal }
            XCTAssertEqual(session.state["notice"]?.stringValue?.hasPrefix("You were removed from"), true)
            XCTAssertNil(session.state["destination"]?["favorites"])
            XCTAssertEqual(session.favorites, [])
        }
        // The owner stars again; then the member's own star on its personal list is the
        // marker: whatever the member got before it, it got no star of the lost list.
        let refusal4 = try await owner.perform(owner.star(2))
        XCTAssertNil(refusal4)
        let refusal5 = try await member.perform(member.star(150))
        XCTAssertNil(refusal5)
        XCTAssertEqual(member.favorites, [150])
        try await memberTab.read { $0.favorites == [150] }
        // And writes to the lost list are refused.
        let refusal6 = try await member.perform(["selectList": ["id": list ?? .null]])
        XCTAssertEqual(refusal6, .forbidden)
    }

    func testLeavingInOneTabDropsTheListInTheOther() async throws {
        let owner = try await open()
        let list = owner.state["lists"]?["active"]
        let code = try await invite(owner)
        let tabA = try await open(route: "/join/\(code)")
        try await tabA.read { $0.state["lists"]?["active"] == list }
        let tabB = try await open(token: tabA.token)
        try await tabB.perform(["selectList": ["id": list ?? .null]])
        try await tabB.perform(["favoritesTapped": [:]])

        let refusal7 = try await tabA.perform(["destination": ["presented": ["favorites": ["leaveTapped": [:]]]]])
        XCTAssertNil(refusal7)
        let refusal8 = try await tabA.perform(["alert": ["confirm": [:]]])
        XCTAssertNil(refusal8)
        let personal = tabB.state["lists"]?["all"]?[0]?["id"]
        try await tabB.read { $0.state["lists"]?["active"] == personal }
        let listName = owner.state["lists"]?["all"]?[0]?["name"]?.stringValue ?? ""
        XCTAssertEqual(tabB.state["notice"]?.stringValue, "You left “\(listName)”.")
        XCTAssertNil(tabB.state["destination"]?["favorites"])
        let refusal9 = try await owner.perform(owner.star(3))
        XCTAssertNil(refusal9)
        let refusal10 = try await tabB.perform(tabB.star(4))
        XCTAssertNil(refusal10)
        XCTAssertEqual(tabB.favorites, [4])
    }
}
