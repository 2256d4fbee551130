import Foundation
@testable import PokedexServer
import PokedexModels
import StateSync
import Storage
import Synchronization
import XCTest

/// Named lists, roles and invite terms through the server in process: two users, three tabs
/// (the owner's two and the member's one). Every change reaches each tab from the change feed.
final class NamedListsTests: InProcessTestCase {
    /// The wall clock of the lists store: invites expire by it.
    let wall = WallClock()
    private(set) var lists: SQLiteListStore!

    override func configure(_ options: inout ServerOptions) {
        options.limits.newUsersPerMinute = 0
    }

    override func configure(_ environment: inout ServerEnvironment) {
        // Roster pushes are throttled per list: on the real clock their trailing run comes.
        environment.clock = .continuous
        let backend = environment.backend
        let store = SQLiteListStore(database: backend.local, now: { [wall] in wall.now })
        lists = store
        environment.backend = StorageBackend(
            users: backend.users, lists: store, sessions: backend.sessions, presence: nil, local: backend.local,
            origin: backend.origin, cluster: nil
        )
    }

    static func lists(_ action: String, _ fields: JSONObject) -> JSONValue { ["lists": [action: .object(fields)]] }

    func names(_ session: TestSession) -> [String] {
        (session.state["lists"]?["all"]?.arrayValue ?? []).compactMap { $0["name"]?.stringValue }
    }

    func role(_ session: TestSession, in listID: String) -> String? {
        session.state["lists"]?["all"]?.arrayValue?.first { $0["id"]?.stringValue == listID }?["role"]?.stringValue
    }

    /// The owner's two tabs and a member's tab, the member joined to a new list "Gym team"
    /// (active in the owner's first tab and the member's) with `role`.
    func openThreeTabs(role: String = "editor") async throws -> (owner: TestSession, ownerTab: TestSession, member: TestSession, list: String) {
        let owner = try await open()
        XCTAssertEqual(names(owner), ["Favorites"], "a new user's list is called Favorites")
        let ownerTab = try await open(token: owner.token)
        let refusal = try await owner.perform(Self.lists("create", ["name": "Gym team"]))
        XCTAssertNil(refusal)
        XCTAssertEqual(names(owner), ["Favorites", "Gym team"])
        let list = try XCTUnwrap(owner.state["lists"]?["all"]?[1]?["id"]?.stringValue)
        // The new list becomes active once the user's lists show it.
        try await owner.read { $0.state["lists"]?["active"]?.stringValue == list }
        try await ownerTab.read { self.names($0) == ["Favorites", "Gym team"] }
        let code = try await owner.createInvite(role: role)
        let member = try await open(route: "/join/\(code)")
        try await member.read { $0.state["lists"]?["active"]?.stringValue == list }
        return (owner, ownerTab, member, list)
    }

    /// A star names its list (issue 33): one made in the personal list, arriving after the user
    /// made another list active (a replay after a reconnect), still lands in the personal list,
    /// and the stars on screen, the active list's, do not move. A list the user only views is
    /// refused, active or not.
    func testAStarLandsInTheListItNamesWhicheverIsActive() async throws {
        let (owner, _, member, gym) = try await openThreeTabs(role: "viewer")
        let personal = try XCTUnwrap(owner.state["lists"]?["all"]?[0]?["id"]?.stringValue)
        XCTAssertEqual(owner.activeListID, gym)
        let star = try await owner.perform(TestSession.star(7, list: personal))
        XCTAssertNil(star)
        XCTAssertEqual(owner.favorites, [], "the active list (Gym team) shows no star")
        let shown = try await owner.perform(["selectList": ["id": .string(personal)]])
        XCTAssertNil(shown)
        try await owner.read { $0.favorites == [7] }
        // The member only views Gym team: refused there, even naming it while another is active.
        let memberPersonal = try XCTUnwrap(member.state["lists"]?["all"]?[0]?["id"]?.stringValue)
        XCTAssertNotEqual(memberPersonal, gym)
        _ = try await member.perform(["selectList": ["id": .string(memberPersonal)]])
        let refused = try await member.perform(TestSession.star(4, list: gym))
        XCTAssertEqual(refused, .forbidden)
        let mine = try await member.perform(member.star(4))
        XCTAssertNil(mine, "the member's own list takes it")
    }

    func testARenameAndADeletionReachEveryTabOfEveryMember() async throws {
        let (owner, ownerTab, member, list) = try await openThreeTabs()

        let renamed = try await owner.perform(Self.lists("rename", ["id": .string(list), "name": "  Cerulean Gym "]))
        XCTAssertNil(renamed)
        for session in [owner, ownerTab, member] {
            try await session.read { self.names($0).contains("Cerulean Gym") }
        }
        XCTAssertEqual(names(member), ["Favorites", "Cerulean Gym"])
        // The member cannot rename it, nor delete it: they do not own it.
        let memberRename = try await member.perform(Self.lists("rename", ["id": .string(list), "name": "Mine"]))
        XCTAssertEqual(memberRename, .forbidden)
        let memberDelete = try await member.perform(Self.lists("delete", ["id": .string(list)]))
        XCTAssertEqual(memberDelete, .forbidden)
        let tooLong = try await owner.perform(Self.lists("rename", ["id": .string(list), "name": .string(String(repeating: "x", count: 61))]))
        XCTAssertEqual(tooLong, .badAction)

        let asked = try await owner.perform(Self.lists("delete", ["id": .string(list)]))
        XCTAssertNil(asked)
        XCTAssertEqual(owner.state["alert"]?["action"]?.stringValue, "deleteList")
        XCTAssertEqual(names(member), ["Favorites", "Cerulean Gym"], "nothing is deleted before the confirmation")
        let confirmed = try await owner.perform(["alert": ["confirm": [:]]])
        XCTAssertNil(confirmed)
        for session in [owner, ownerTab, member] {
            try await session.read { self.names($0) == ["Favorites"] && $0.state["notice"]?.stringValue != nil }
            XCTAssertEqual(session.state["notice"]?.stringValue, "“Cerulean Gym” was deleted.")
            XCTAssertEqual(session.state["lists"]?["active"], session.state["lists"]?["all"]?[0]?["id"])
            XCTAssertNil(session.state["destination"]?["favorites"])
        }
        let stale = try await member.perform(["selectList": ["id": .string(list)]])
        XCTAssertEqual(stale, .forbidden)
        // The personal list is the owner's last: it is not deleted.
        let personal = try XCTUnwrap(owner.state["lists"]?["active"]?.stringValue)
        _ = try await owner.perform(Self.lists("delete", ["id": .string(personal)]))
        let last = try await owner.perform(["alert": ["confirm": [:]]])
        XCTAssertEqual(last, .lastList)
        XCTAssertEqual(names(owner), ["Favorites"])
    }

    func testADemotedMemberIsRefusedAtOnceAndOwnershipChangesHands() async throws {
        let (owner, ownerTab, member, list) = try await openThreeTabs()
        let memberID = try XCTUnwrap(member.userID)
        let star = try await member.perform(member.star(4))
        XCTAssertNil(star)
        try await owner.read { $0.favorites == [4] }

        let demoted = try await owner.perform(Self.lists("setRole", ["member": .string(memberID), "role": "viewer"]))
        XCTAssertNil(demoted)
        try await member.read { self.role($0, in: list) == "viewer" }
        try await owner.read { ($0.state["lists"]?["members"]?.arrayValue ?? []).contains { $0["id"]?.stringValue == memberID && $0["role"] == "viewer" } }
        let refused = try await member.perform(member.star(5))
        XCTAssertEqual(refused, .forbidden)
        XCTAssertEqual(owner.favorites, [4])
        // Only the owner sets roles.
        let notOwner = try await member.perform(Self.lists("setRole", ["member": .string(memberID), "role": "editor"]))
        XCTAssertEqual(notOwner, .forbidden)

        // Handing the list over asks first; then the member owns it and the owner edits it.
        let asked = try await owner.perform(Self.lists("transferOwnership", ["member": .string(memberID)]))
        XCTAssertNil(asked)
        XCTAssertEqual(owner.state["alert"]?["action"]?.stringValue, "transferOwnership")
        XCTAssertEqual(role(member, in: list), "viewer")
        _ = try await owner.perform(["alert": ["confirm": [:]]])
        try await member.read { self.role($0, in: list) == "owner" }
        try await owner.read { self.role($0, in: list) == "editor" }
        try await ownerTab.read { self.role($0, in: list) == "editor" }
        let formerOwner = try await owner.perform(Self.lists("rename", ["id": .string(list), "name": "Back"]))
        XCTAssertEqual(formerOwner, .forbidden)
        let newOwner = try await member.perform(Self.lists("rename", ["id": .string(list), "name": "Misty's gym"]))
        XCTAssertNil(newOwner)
        try await ownerTab.read { self.names($0).contains("Misty's gym") }
        let activity = try storedEvents(list)
        XCTAssertEqual(activity.filter { $0.hasPrefix("roleChanged") }, ["roleChanged viewer", "roleChanged owner", "roleChanged editor"])
    }

    func testAnExpiredAndAUsedUpInviteAreRefusedWithTheirOwnCodes() async throws {
        let owner = try await open()
        try await owner.perform(["favoritesTapped": [:]])
        let invite = { (fields: JSONObject) -> JSONValue in ["destination": ["presented": ["favorites": ["inviteTapped": .object(fields)]]]] }
        try await owner.perform(invite(["role": "viewer", "expiresInDays": 2, "maxUses": 1]))
        try await owner.read { $0.state["destination"]?["favorites"]?["invite"]?["link"] != nil && $0.state["lists"]?["invites"]?[0] != nil }
        let link = try XCTUnwrap(owner.state["destination"]?["favorites"]?["invite"]?["link"]?.stringValue)
        let code = String(link.split(separator: "/").last ?? "")
        let shown = try XCTUnwrap(owner.state["lists"]?["invites"]?[0])
        XCTAssertEqual(shown["role"], "viewer")
        XCTAssertEqual(shown["uses"], 0)
        XCTAssertEqual(shown["maxUses"], 1)
        XCTAssertEqual(shown["expiresAt"]?.intValue, Int((wall.now.timeIntervalSince1970 + 2 * 86_400) * 1000))

        let first = try await open(route: "/join/\(code)")
        try await first.read { $0.state["lists"]?["active"] == owner.state["lists"]?["active"] }
        // Used once of once: no longer open, so the owner's list of invites drops it.
        try await owner.read { $0.state["lists"]?["invites"]?.arrayValue?.isEmpty == true }
        let second = try await open()
        let usedUp = try await second.perform(["navigate": ["route": .string("/join/\(code)")]])
        XCTAssertEqual(usedUp, .inviteUsedUp)
        try await second.read { $0.state["notice"]?.stringValue != nil }
        XCTAssertEqual(second.state["notice"]?.stringValue, FavoritesError.inviteUsedUp.description)

        try await owner.perform(invite(["role": "editor"]))
        try await owner.read { $0.state["destination"]?["favorites"]?["invite"]?["link"]?.stringValue != link }
        let sevenDays = try XCTUnwrap(owner.state["destination"]?["favorites"]?["invite"]?["link"]?.stringValue)
        wall.advance(by: 7 * 86_400 + 1)
        let spanish = try await TestSession.open(server, locale: "es")
        let expired = try await spanish.perform(["navigate": ["route": .string("/join/\(sevenDays.split(separator: "/").last ?? "")")]])
        XCTAssertEqual(expired, .inviteExpired)
        try await spanish.read { $0.state["notice"]?.stringValue != nil }
        XCTAssertEqual(spanish.state["notice"]?.stringValue, FavoritesError.inviteExpired.message(in: .es))
        XCTAssertEqual(try lists.role(of: spanish.userID ?? "", in: owner.state["lists"]?["active"]?.stringValue ?? ""), nil)
    }

    func testTheRosterPagesPastItsFirstPageAndCountsEveryone() async throws {
        let owner = try await open()
        let list = try XCTUnwrap(owner.state["lists"]?["active"]?.stringValue)
        let ownerID = try XCTUnwrap(owner.userID)
        let code = try lists.createInvite(list: list, role: .viewer, by: ownerID)
        let users = SQLiteUserStore(database: try XCTUnwrap(server.app.environment.backend.local))
        let page = ListRoster.shownMembers
        let joiners = page + page / 2
        for index in 0..<joiners {
            _ = try lists.acceptInvite(code: code, user: try await users.createUser(displayName: "Trainer \(index)").user.id)
        }

        try await owner.perform(["favoritesTapped": [:]])
        try await owner.read { ($0.state["lists"]?["members"]?.arrayValue?.count ?? 0) == page }
        XCTAssertEqual(owner.state["lists"]?["memberCount"]?.intValue, joiners + 1)
        let more = try await owner.perform(["destination": ["presented": ["favorites": ["moreMembersTapped": [:]]]]])
        XCTAssertNil(more)
        try await owner.read { ($0.state["lists"]?["members"]?.arrayValue?.count ?? 0) == joiners + 1 }
        XCTAssertEqual(owner.state["lists"]?["members"]?[0]?["id"]?.stringValue, ownerID, "the owner first")
    }

    /// A join shows the joined list, with the role it gave, in the joiner's lists without
    /// reading them again (a join is one round trip to storage): a rename made behind the
    /// server's back stays unseen.
    func testAJoinAddsTheListToTheJoinersListsWithoutReadingThemAgain() async throws {
        let owner = try await open()
        let code = try await owner.createInvite(role: "viewer")
        let list = try XCTUnwrap(owner.state["lists"]?["active"]?.stringValue)
        let member = try await open()
        let personal = try XCTUnwrap(member.state["lists"]?["active"]?.stringValue)
        let database = try XCTUnwrap(server.app.environment.backend.local)
        try database.run("UPDATE favorite_lists SET name = 'Renamed behind the server' WHERE id = ?", [.text(personal)])

        _ = member.send(["navigate": ["route": .string("/join/\(code)")]])
        try await member.read { $0.state["lists"]?["active"]?.stringValue == list }
        XCTAssertEqual(names(member), ["Favorites", "Favorites"], "the personal list as held, then the joined one")
        XCTAssertEqual(role(member, in: list), "viewer")
        XCTAssertEqual(role(member, in: personal), "owner")
    }

    /// The list's activity log, oldest first, as "kind role".
    func storedEvents(_ listID: String) throws -> [String] {
        let database = try XCTUnwrap(server.app.environment.backend.local)
        return try database.query("SELECT kind, role FROM list_events WHERE list_id = ? ORDER BY id", [.text(listID)]).map { row in
            [try row.text(0), row.isNull(1) ? nil : try row.text(1)].compactMap { $0 }.joined(separator: " ")
        }
    }
}

/// A wall clock a test moves by hand.
final class WallClock: Sendable {
    private let date = Mutex(Date(timeIntervalSince1970: 1_800_000_000))
    var now: Date { date.withLock { $0 } }
    func advance(by seconds: TimeInterval) { date.withLock { $0 += seconds } }
}


