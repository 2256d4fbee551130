import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import PokedexServer
import StateSync
import WebSocketServer
import XCTest

/// The limits over the real server: every refusal is an error frame, changes nothing, and is
/// counted in /metrics. The limits' clock stands still unless a test advances it.
final class LimitsTests: ServerTestCase {
    override func configure(_ options: inout ServerOptions) {
        options.limits.actionsPerSecond = 10
        options.limits.actionsBurst = 5
        options.limits.newUsersPerMinute = 3
        options.limits.sessionsPerUser = 2
        options.limits.listsPerUser = 2
        options.limits.membersPerList = 3
        options.limits.invitesPerList = 2
    }

    func open(token: String? = nil, route: String = "/") async throws -> TestSession {
        try await TestSession.open(client, port: server.port, token: token, route: route)
    }

    func metric(_ name: String) async throws -> Int? {
        let (data, _) = try await URLSession.shared.data(from: URL(string: "http://127.0.0.1:\(server.port)/metrics")!)
        let line = String(decoding: data, as: UTF8.self).split(separator: "\n").first { $0.hasPrefix(name + " ") }
        return line.flatMap { Int($0.split(separator: " ").last ?? "") }
    }

    func userCount() throws -> Int {
        try server.database.query("SELECT COUNT(*) FROM users")[0].int(0)
    }

    func invite(_ owner: TestSession) async throws -> ProtocolError.Code? {
        let before = owner.state["destination"]?["favorites"]?["invite"]?["link"]
        let refusal = try await owner.perform(["destination": ["presented": ["favorites": ["inviteTapped": ["role": "editor"]]]]])
        if refusal == nil { try await owner.read { $0.state["destination"]?["favorites"]?["invite"]?["link"] != before } }
        return refusal
    }

    func code(_ owner: TestSession) -> String {
        let link = owner.state["destination"]?["favorites"]?["invite"]?["link"]?.stringValue ?? ""
        return String(link.split(separator: "/").last ?? "")
    }

    // MARK: Actions per connection

    func testABurstOverTheRateIsRefusedThenTheConnectionIsClosedWith1008() async throws {
        let session = try await open()  // its hello took one of the 5
        // 4 admitted (acknowledged once committed), then 5 refused (`rate_limited` for their
        // refs), and the next closes the connection.
        let admitted = (1...4).map { session.send(session.star($0)) }
        try await session.read { s in admitted.allSatisfy(s.isAcknowledged) }
        let refs = admitted + (5...12).map { session.send(session.star($0)) }
        try await session.read { $0.errors.count == 5 }
        XCTAssertEqual(session.errors.map(\.code), Array(repeating: .rateLimited, count: 5))
        XCTAssertEqual(session.errors.map(\.ref), Array(refs[4..<9]).map(Optional.some))
        let code = try await session.connection.closeCode(timeout: .seconds(10))
        XCTAssertEqual(code, 1008)
        XCTAssertEqual(session.favorites, [1, 2, 3, 4], "refused actions changed nothing")

        let refusals = try await metric("pokedex_limit_refusals_total{limit=\"actions\"}")
        XCTAssertEqual(refusals, 6)
        let closes = try await metric("pokedex_rate_limit_closes_total")
        XCTAssertEqual(closes, 1)
        let errors = try await metric("pokedex_errors_total{code=\"rate_limited\"}")
        XCTAssertEqual(errors, 5)
    }

    func testTheRateRefillsWithTime() async throws {
        let session = try await open()
        let first = (1...4).map { session.send(session.star($0)) }
        try await session.read { s in first.allSatisfy(s.isAcknowledged) }
        let refused = try await session.perform(session.star(5))
        XCTAssertEqual(refused, .rateLimited)
        limitClock.advance(by: .milliseconds(300))  // 3 tokens at 10 a second
        for id in 6...8 {
            let refusal = try await session.perform(session.star(id))
            XCTAssertNil(refusal, "\(id)")
        }
        XCTAssertEqual(session.favorites, [1, 2, 3, 4, 6, 7, 8])
    }

    // MARK: New users per address

    func testHellosThatWouldCreateTooManyUsersFromOneAddressAreRefused() async throws {
        var sessions: [TestSession] = []
        for _ in 0..<3 { sessions.append(try await open()) }
        XCTAssertEqual(try userCount(), 3)

        let connection = client.connect(port: server.port)
        try await connection.waitUntilOpen(timeout: .seconds(5))
        _ = connection.send(ClientMessage.hello(.init(token: nil, route: "/")).encoded())
        guard case let .error(_, code, _) = try ServerMessage.parse(try await connection.nextMessage(timeout: .seconds(5))) else {
            return XCTFail("expected an error frame")
        }
        XCTAssertEqual(code, .rateLimited)
        XCTAssertEqual(try userCount(), 3, "no user was created")
        let refusals = try await metric("pokedex_limit_refusals_total{limit=\"new_users\"}")
        XCTAssertEqual(refusals, 1)

        // A known user still signs in, and the same connection may try again later.
        let known = try await open(token: sessions[0].token)
        XCTAssertEqual(known.userID, sessions[0].userID)
        limitClock.advance(by: .seconds(20))  // one more at 3 a minute
        _ = connection.send(ClientMessage.hello(.init(token: nil, route: "/")).encoded())
        guard case .welcome = try ServerMessage.parse(try await connection.nextMessage(timeout: .seconds(5))) else {
            return XCTFail("expected a welcome")
        }
        XCTAssertEqual(try userCount(), 4)
    }

    // MARK: Sessions per user

    func testAHelloBeyondTheUsersSessionsIsRefusedWithLimitReached() async throws {
        let first = try await open()
        _ = try await open(token: first.token)
        let connection = client.connect(port: server.port)
        try await connection.waitUntilOpen(timeout: .seconds(5))
        _ = connection.send(ClientMessage.hello(.init(token: first.token, route: "/")).encoded())
        guard case let .error(_, code, _) = try ServerMessage.parse(try await connection.nextMessage(timeout: .seconds(5))) else {
            return XCTFail("expected an error frame")
        }
        XCTAssertEqual(code, .limitReached)
        let refusals = try await metric("pokedex_limit_refusals_total{limit=\"sessions\"}")
        XCTAssertEqual(refusals, 1)
        let sessions = try await metric("pokedex_sessions")
        XCTAssertEqual(sessions, 2)
    }

    // MARK: Favorites quotas

    func testOpenInvitesPerListAreLimitedAndARevokedOneFreesItsPlace() async throws {
        let owner = try await open()
        try await owner.perform(["favoritesTapped": [:]])
        for _ in 0..<2 {
            let refusal = try await invite(owner)
            XCTAssertNil(refusal)
        }
        try await owner.read { $0.state["lists"]?["invites"]?.arrayValue?.count == 2 }
        let third = try await invite(owner)
        XCTAssertEqual(third, .limitReached)
        try await owner.read { $0.state["lists"]?["invites"]?.arrayValue?.count == 2 }
        let refusals = try await metric("pokedex_limit_refusals_total{limit=\"invites\"}")
        XCTAssertEqual(refusals, 1)

        limitClock.advance(by: .seconds(1))
        let inviteID = owner.state["lists"]?["invites"]?[0]?["id"] ?? .null
        let revoked = try await owner.perform(["destination": ["presented": ["favorites": ["revokeInviteTapped": ["id": inviteID]]]]])
        XCTAssertNil(revoked)
        let again = try await invite(owner)
        XCTAssertNil(again)
    }

    func testCreatingAListBeyondTheUsersListsIsRefused() async throws {
        let owner = try await open()
        let created = try await owner.perform(["lists": ["create": ["name": "Gym team"]]])
        XCTAssertNil(created)
        let refused = try await owner.perform(["lists": ["create": ["name": "One too many"]]])
        XCTAssertEqual(refused, .limitReached)
        XCTAssertEqual(try server.database.query("SELECT COUNT(*) FROM favorite_lists")[0].int(0), 2)
    }

    func testAJoinIsRefusedWhenTheListIsFullOrTheUserIsInTooManyLists() async throws {
        let owner = try await open()
        try await owner.perform(["favoritesTapped": [:]])
        _ = try await invite(owner)
        let ownersCode = code(owner)
        limitClock.advance(by: .seconds(60))  // room for new users
        let second = try await open(route: "/join/\(ownersCode)")
        let third = try await open(route: "/join/\(ownersCode)")
        for member in [second, third] {
            try await member.read { $0.state["lists"]?["all"]?.arrayValue?.count == 2 }
        }

        // The list has 3 members, its limit: a fourth is refused and stays where it was.
        let fourth = try await open()
        let personal = fourth.state["lists"]?["active"]
        _ = fourth.send(["navigate": ["route": .string("/join/\(ownersCode)")]])
        try await fourth.read { !$0.errors.isEmpty }
        XCTAssertEqual(fourth.errors.first?.code, .limitReached)
        XCTAssertEqual(fourth.state["lists"]?["active"], personal)
        XCTAssertEqual(try server.database.query("SELECT COUNT(*) FROM memberships WHERE list_id = ?", [.text(owner.state["lists"]?["active"]?.stringValue ?? "")])[0].int(0), 3)

        // `second` is in 2 lists, its limit: joining the fourth user's list is refused.
        limitClock.advance(by: .seconds(1))
        try await fourth.perform(["favoritesTapped": [:]])
        _ = try await invite(fourth)
        _ = second.send(["navigate": ["route": .string("/join/\(code(fourth))")]])
        try await second.read { !$0.errors.isEmpty }
        XCTAssertEqual(second.errors.first?.code, .limitReached)
        XCTAssertEqual(second.state["lists"]?["all"]?.arrayValue?.count, 2)

        // Joining a list one is in already adds nothing, so no limit applies: `second`, at its
        // limit, goes back to the owner's list through the same link.
        let ownersList = owner.state["lists"]?["active"]
        let secondsPersonal = second.state["lists"]?["all"]?[0]?["id"] ?? .null
        XCTAssertNotEqual(secondsPersonal, ownersList)
        let selected = try await second.perform(["selectList": ["id": secondsPersonal]])
        XCTAssertNil(selected)
        _ = second.send(["navigate": ["route": .string("/join/\(ownersCode)")]])
        try await second.read { $0.state["lists"]?["active"] == ownersList }
        XCTAssertEqual(second.errors.count, 1, "only the refused join")

        let members = try await metric("pokedex_limit_refusals_total{limit=\"members\"}")
        XCTAssertEqual(members, 1)
        let lists = try await metric("pokedex_limit_refusals_total{limit=\"lists\"}")
        XCTAssertEqual(lists, 1)
    }
}
