import Foundation
import PokedexServer
import StateSync
import WebSocketServer
import XCTest

/// One frame's work is bounded, and input past a limit or naming what does not exist gets an
/// `error` frame and changes nothing, over the real server.
final class InputBoundsTests: ServerTestCase {
    func open(token: String? = nil, route: String = "/") async throws -> TestSession {
        try await TestSession.open(client, port: server.port, token: token, route: route)
    }

    /// `/pokemon/1/type/grass/pokemon/1…`, about 60 KB: ~2,800 levels, under the frame limit.
    static let deepRoute = "/pokemon/1" + String(repeating: "/type/grass/pokemon/1", count: 60_000 / 21)
    static let deepNotice: JSONValue = "That link goes deeper than 12 screens, so it opens at the 12th."

    /// Screens on top of the list in a session's state: the presented one and the stack.
    func screenCount(_ session: TestSession) -> Int {
        (session.state["destination"] == .null ? 0 : 1) + (session.state["stack"]?.arrayValue?.count ?? 0)
    }

    func testADeepNavigateBuildsAtMost12ScreensAndTheServerStillAnswers() async throws {
        XCTAssertGreaterThan(Self.deepRoute.utf8.count, 59_000)
        let session = try await open()
        let refusal = try await session.perform(["navigate": ["route": .string(Self.deepRoute)]])
        XCTAssertNil(refusal)
        // Another browser is answered while (and after) the first one's frame is handled.
        let other = try await open()
        XCTAssertNotNil(other.userID)
        XCTAssertEqual(session.state["notice"], Self.deepNotice)
        XCTAssertEqual(screenCount(session), 12)
        XCTAssertEqual(session.state["route"]?.stringValue?.split(separator: "/").count, 2 * 12)
    }

    func testADeepHelloRouteOpensAt12Screens() async throws {
        let session = try await open(route: Self.deepRoute)
        let other = try await open()
        XCTAssertNotNil(other.userID)
        XCTAssertEqual(session.state["notice"], Self.deepNotice)
        XCTAssertEqual(screenCount(session), 12)
    }

    func testStarsForPokemonThatDoNotExistAreRefusedAndReachNoMember() async throws {
        let owner = try await open()
        try await owner.perform(["favoritesTapped": [:]])
        try await owner.perform(["destination": ["presented": ["favorites": ["inviteTapped": ["role": "editor"]]]]])
        try await owner.read { $0.state["destination"]?["favorites"]?["invite"]?["link"] != nil }
        let link = owner.state["destination"]?["favorites"]?["invite"]?["link"]?.stringValue ?? ""
        let member = try await open(route: "/join/\(link.split(separator: "/").last ?? "")")
        try await member.read { $0.state["lists"]?["active"] == owner.state["lists"]?["active"] }

        for id in [0, -5, 999_999] {
            let star = try await owner.perform(owner.star(id))
            XCTAssertEqual(star, .badAction, "star for #\(id)")
            let row = try await owner.perform(["destination": ["presented": ["favorites": ["rowTapped": ["id": .int(id)]]]]])
            XCTAssertEqual(row, .badAction, "favorites row #\(id)")
        }
        XCTAssertEqual(owner.favorites, [])
        XCTAssertEqual(owner.state["stack"], [])
        // A valid star still works and reaches the member, after the refused ones: had any of
        // them been stored, the member's set would hold it too.
        let valid = try await owner.perform(owner.star(151))
        XCTAssertNil(valid)
        try await member.read { !$0.favorites.isEmpty }
        XCTAssertEqual(member.favorites, [151])
        let fresh = try await open(token: owner.token)
        XCTAssertEqual(fresh.favorites, [151])
        // The embedded catalog ends at 151.
        let past = try await owner.perform(owner.star(152))
        XCTAssertEqual(past, .badAction)
    }

    func testARouteToAPokemonThatDoesNotExistLandsOnTheListWithANotice() async throws {
        let session = try await open(route: "/pokemon/999999")
        XCTAssertEqual(session.state["route"], "/")
        XCTAssertEqual(session.state["destination"], .null)
        XCTAssertEqual(session.state["notice"], "There is nothing at “/pokemon/999999”, so here is the list.")
    }

    func testFieldsPastTheirLimitsAreBadActionsAndChangeNothing() async throws {
        let session = try await open()
        let before = session.state
        let search = try await session.perform(["list": ["binding": ["search": .string(String(repeating: "a", count: 101))]]])
        XCTAssertEqual(search, .badAction)
        let longID = JSONValue.string(String(repeating: "f", count: 65))
        let list = try await session.perform(["selectList": ["id": longID]])
        XCTAssertEqual(list, .badAction)
        let name = try await session.perform(["rename": ["name": .string(String(repeating: "n", count: 41))]])
        XCTAssertEqual(name, .badAction)
        try await session.perform(["favoritesTapped": [:]])
        // The roster is read off the service thread and arrives in a patch of its own.
        try await session.read { $0.state["lists"]?["memberCount"] == 1 }
        let opened = session.state
        let revoke = try await session.perform(["destination": ["presented": ["favorites": ["revokeInviteTapped": ["id": longID]]]]])
        XCTAssertEqual(revoke, .badAction)
        let remove = try await session.perform(["destination": ["presented": ["favorites": ["removeMemberTapped": ["id": longID]]]]])
        XCTAssertEqual(remove, .badAction)
        XCTAssertEqual(session.state, opened)
        XCTAssertEqual(before["list"], opened["list"])
        XCTAssertEqual(before["me"], opened["me"])
    }

    func testAHelloWithAnOverlongTokenIsRefused() async throws {
        let connection = client.connect(port: server.port)
        try await connection.waitUntilOpen(timeout: .seconds(5))
        _ = connection.send(ClientMessage.hello(.init(token: String(repeating: "t", count: 129))).encoded())
        let reply = try ServerMessage.parse(try await connection.nextMessage(timeout: .seconds(5)))
        guard case .error(_, .badMessage, _) = reply else { return XCTFail("expected bad_message, got \(reply)") }
    }
}
