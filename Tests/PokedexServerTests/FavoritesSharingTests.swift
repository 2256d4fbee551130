import Foundation
import PokedexServer
import StateSync
import WebSocketServer
import XCTest

/// Shared favorites over the real server: tabs of one user, members of a shared list, the
/// refusals, and many sessions writing at once.
final class FavoritesSharingTests: ServerTestCase {
    func open(token: String? = nil, route: String = "/") async throws -> TestSession {
        try await TestSession.open(client, port: server.port, token: token, route: route)
    }

    /// An invite code created by `owner` for its active list.
    func invite(_ owner: TestSession, role: String = "editor") async throws -> String {
        try await owner.createInvite(role: role)
    }

    func testAStarInOneTabShowsInAnotherTabAndInAMembersSession() async throws {
        let tabA = try await open()
        let tabB = try await open(token: tabA.token)
        XCTAssertEqual(tabA.userID, tabB.userID)
        let code = try await invite(tabA, role: "editor")
        let misty = try await open(route: "/join/\(code)")
        try await misty.read { $0.state["lists"]?["active"] == tabA.state["lists"]?["active"] }

        let refused = try await tabA.perform(tabA.star(25))
        XCTAssertNil(refused)
        try await tabB.read { $0.favorites == [25] }
        try await misty.read { $0.favorites == [25] }

        let starredByMisty = try await misty.perform(misty.star(4))
        XCTAssertNil(starredByMisty)
        try await tabA.read { $0.favorites == [4, 25] }
        // Presence: the owner sees Misty online (roster pushes are throttled, so it may come
        // after the stars).
        let mistyID = misty.state["me"]?["id"]
        try await tabA.read { tab in
            (tab.state["lists"]?["members"]?.arrayValue ?? []).contains { $0["id"] == mistyID && $0["online"] == true }
        }
    }

    func testARevokedInviteIsRefused() async throws {
        let owner = try await open()
        let code = try await invite(owner, role: "editor")
        try await owner.read { $0.state["lists"]?["invites"]?.arrayValue?.count == 1 }
        let inviteID = owner.state["lists"]?["invites"]?[0]?["id"] ?? .null
        let refusal = try await owner.perform(["destination": ["presented": ["favorites": ["revokeInviteTapped": ["id": inviteID]]]]])
        XCTAssertNil(refusal)
        try await owner.read { $0.state["lists"]?["invites"]?.arrayValue?.isEmpty == true }

        let stranger = try await open()
        let personal = stranger.state["lists"]?["active"]
        _ = stranger.send(["navigate": ["route": .string("/join/\(code)")]])
        try await stranger.read { !$0.errors.isEmpty }
        XCTAssertEqual(stranger.errors.first?.code, .revokedInvite)
        XCTAssertEqual(stranger.state["lists"]?["active"], personal)
        XCTAssertEqual(stranger.state["lists"]?["all"]?.arrayValue?.count, 1)
        _ = stranger.send(["navigate": ["route": "/join/unknowncode"]])
        try await stranger.read { $0.errors.count == 2 }
        XCTAssertEqual(stranger.errors.last?.code, .unknownInvite)
    }

    func testManySessionsWritingAtOnceAllEndWithTheDatabasesContent() async throws {
        // 200 sessions: four members of one list (an owner and three editors), 50 tabs each.
        let owner = try await open()
        let code = try await invite(owner, role: "editor")
        var sessions = [owner]
        for _ in 0..<3 {
            let member = try await open(route: "/join/\(code)")
            sessions.append(member)
        }
        let list = owner.state["lists"]?["active"]
        for session in sessions { try await session.read { $0.state["lists"]?["active"] == list } }
        for user in Array(sessions) {
            for _ in 0..<49 {
                let tab = try await open(token: user.token)
                _ = tab.send(["selectList": ["id": list ?? .null]])
                sessions.append(tab)
            }
        }
        for session in sessions { try await session.read { $0.state["lists"]?["active"] == list } }
        XCTAssertEqual(sessions.count, 200)
        // Every session sets or unsets three stars among ten, all at once.
        var generator = SystemRandomNumberGenerator()
        var refs: [[Int]] = []
        for session in sessions {
            refs.append((0..<3).map { _ in session.send(session.star(Int.random(in: 1...10, using: &generator), on: Bool.random(using: &generator))) })
        }
        for (session, sent) in zip(sessions, refs) {
            try await session.read { candidate in sent.allSatisfy(candidate.isAcknowledged) }
            XCTAssertTrue(session.errors.isEmpty)
        }
        let truth = try await open(token: owner.token).favorites
        for session in sessions {
            try await session.read { $0.favorites == truth }
        }
        XCTAssertTrue(sessions.allSatisfy { $0.favorites == truth })
    }
}
