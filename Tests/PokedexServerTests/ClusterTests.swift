import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Postgres
import PostgresTesting
import StateSync
import TestSupport
import WebSocketServer
import XCTest

/// Cluster mode with real processes: two `pokedex-server`s on one PostgreSQL database share
/// lists live, presence, and sessions that outlive their process.
final class ClusterTests: XCTestCase {
    var client: WebSocketClient!
    var database: TestDatabase!
    var processes: [ServerProcess] = []

    override func setUp() async throws {
        try ServerProcess.requireExecutable()
        database = try TestDatabase.create()
        client = try WebSocketClient()
    }

    override func tearDown() async throws {
        client?.shutdown()
        for process in processes { process.signal(SIGKILL); _ = process.exitStatus() }
        database?.drop()
    }

    func startProcess(_ url: String? = nil) throws -> ServerProcess {
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("cache-\(UUID().uuidString).sqlite").path
        let process = try ServerProcess(database: url ?? database.url, arguments: ["--cache-db", cache])
        processes.append(process)
        return process
    }

    func open(_ process: ServerProcess, token: String? = nil, resume: ClientMessage.Resume? = nil, route: String = "/") async throws -> TestSession {
        try await TestSession.open(client, port: process.port, token: token, resume: resume, route: route)
    }

    func invite(_ owner: TestSession, role: String = "editor") async throws -> String {
        try await owner.createInvite(role: role)
    }

    func testAStarInOneProcessReachesAMemberInTheOtherAndPresenceCrosses() async throws {
        let first = try startProcess(), second = try startProcess()
        let owner = try await open(first)
        let code = try await invite(owner)
        let member = try await open(second, route: "/join/\(code)")
        try await member.read { $0.state["lists"]?["active"] == owner.state["lists"]?["active"] }

        let ownersStar = try await owner.perform(owner.star(25))
        XCTAssertNil(ownersStar)
        try await member.read { $0.favorites == [25] }
        let membersStar = try await member.perform(member.star(4))
        XCTAssertNil(membersStar)
        try await owner.read { $0.favorites == [4, 25] }

        // The owner, on the first process, sees the member of the second online.
        let memberID = member.userID
        try await owner.read { owner in
            (owner.state["lists"]?["members"]?.arrayValue ?? []).contains { $0["id"]?.stringValue == memberID && $0["online"] == true }
        }
        member.close()
        try await owner.read { owner in
            (owner.state["lists"]?["members"]?.arrayValue ?? []).contains { $0["id"]?.stringValue == memberID && $0["online"] == false }
        }
    }

    /// `/healthz`'s status on the process.
    static func health(_ process: ServerProcess) async throws -> Int {
        let (_, response) = try await URLSession.shared.data(from: URL(string: "http://127.0.0.1:\(process.port)/healthz")!)
        return (response as? HTTPURLResponse)?.statusCode ?? 0
    }

    func testAKilledProcesssMembersShowOfflineOnTheOthersRoster() async throws {
        let first = try startProcess(), second = try startProcess()
        let owner = try await open(first)
        let code = try await invite(owner)
        let member = try await open(second, route: "/join/\(code)")
        let memberID = member.userID
        func shown(online: Bool) -> (TestSession) -> Bool {
            { owner in
                (owner.state["lists"]?["members"]?.arrayValue ?? []).contains { $0["id"]?.stringValue == memberID && $0["online"] == .bool(online) }
            }
        }
        try await owner.read(until: shown(online: true))

        // No goodbye from a killed process: its heartbeat lapses, and the first to notice sweeps it.
        second.signal(SIGKILL)
        try await owner.read(until: shown(online: false))
    }

    func testAMemberRemovedInOneProcessStopsReceivingTheListInTheOther() async throws {
        let first = try startProcess(), second = try startProcess()
        let owner = try await open(first)
        let list = owner.state["lists"]?["active"]
        let code = try await invite(owner)
        let member = try await open(second, route: "/join/\(code)")
        try await member.read { $0.state["lists"]?["active"] == list }
        let memberID = member.userID ?? ""
        try await owner.read { ($0.state["lists"]?["members"]?.arrayValue ?? []).contains { $0["id"]?.stringValue == memberID } }

        let removal = try await owner.perform(["destination": ["presented": ["favorites": ["removeMemberTapped": ["id": .string(memberID)]]]]])
        XCTAssertNil(removal)
        let confirmed = try await owner.perform(["alert": ["confirm": [:]]])
        XCTAssertNil(confirmed)
        let personal = member.state["lists"]?["all"]?[0]?["id"]
        try await member.read { $0.state["lists"]?["active"] == personal }
        XCTAssertEqual(member.state["notice"]?.stringValue?.hasPrefix("You were removed from"), true)

        // The owner stars; the member's own star is the marker that it got none of it.
        let ownersStar = try await owner.perform(owner.star(2))
        XCTAssertNil(ownersStar)
        let membersStar = try await member.perform(member.star(150))
        XCTAssertNil(membersStar)
        XCTAssertEqual(member.favorites, [150])
    }

    func testARenameADemotionAndADeletionInOneProcessReachTheMemberInTheOther() async throws {
        let first = try startProcess(), second = try startProcess()
        let owner = try await open(first)
        let created = try await owner.perform(["lists": ["create": ["name": "Gym team"]]])
        XCTAssertNil(created)
        let gym = try XCTUnwrap(owner.state["lists"]?["all"]?[1]?["id"])
        try await owner.read { $0.state["lists"]?["active"] == gym }
        let code = try await invite(owner)
        let member = try await open(second, route: "/join/\(code)")
        try await member.read { $0.state["lists"]?["active"] == gym }
        let names = { (session: TestSession) in (session.state["lists"]?["all"]?.arrayValue ?? []).compactMap { $0["name"]?.stringValue } }

        let renamed = try await owner.perform(["lists": ["rename": ["id": gym, "name": "Cerulean"]]])
        XCTAssertNil(renamed)
        try await member.read { names($0) == ["Favorites", "Cerulean"] }
        let demoted = try await owner.perform(["lists": ["setRole": ["member": .string(member.userID ?? ""), "role": "viewer"]]])
        XCTAssertNil(demoted)
        try await member.read { $0.state["lists"]?["all"]?[1]?["role"] == "viewer" }
        let refused = try await member.perform(member.star(7))
        XCTAssertEqual(refused, .forbidden)

        _ = try await owner.perform(["lists": ["delete": ["id": gym]]])
        let deleted = try await owner.perform(["alert": ["confirm": [:]]])
        XCTAssertNil(deleted)
        try await member.read { names($0) == ["Favorites"] && $0.state["notice"] != nil }
        XCTAssertEqual(member.state["notice"]?.stringValue, "“Cerulean” was deleted.")
    }

    func testARenameAndASignOutEverywhereReachTheUsersTabsInTheOtherProcess() async throws {
        let first = try startProcess(), second = try startProcess()
        let ash = try await open(first)
        let ashThere = try await open(second, token: ash.token)
        let misty = try await open(second)

        let renamed = try await ash.perform(["rename": ["name": "Red"]])
        XCTAssertNil(renamed)
        try await ashThere.read { $0.state["me"]?["name"] == "Red" }

        ash.send(["account": ["signOutEverywhere": [:]]])
        let closedHere = try await ash.connection.closeCode(timeout: .seconds(10))
        let closedThere = try await ashThere.connection.closeCode(timeout: .seconds(10))
        XCTAssertEqual([closedHere, closedThere], [4001, 4001])
        let again = try await open(second, token: nil)
        XCTAssertNotEqual(again.userID, ash.userID)
        let mistyGoesOn = try await misty.perform(["dismissNotice": [:]])
        XCTAssertNil(mistyGoesOn)
    }

    func testSessionsOfAKilledProcessResumeOnTheOtherWithTheirScreenAndEveryAcknowledgedStar() async throws {
        let doomed = try startProcess(), survivor = try startProcess()
        let owner = try await open(doomed)
        try await owner.perform(["list": ["binding": ["search": "char"]]])
        try await owner.perform(["navigate": ["route": "/pokemon/4"]])
        var acknowledged: Set<Int> = []
        for id in 1...20 {
            let refusal = try await owner.perform(owner.star(id))
            if refusal == nil { acknowledged.insert(id) }
        }
        XCTAssertEqual(acknowledged.count, 20)
        // Its screen is saved within the saver's interval: wait for the row, not for a time.
        try await database.waitUntil("SELECT 1 FROM saved_sessions WHERE id = $1 AND state LIKE '%char%'", [.text(owner.session)])
        doomed.signal(SIGKILL)
        _ = doomed.exitStatus()

        let resumed = try await open(survivor, token: owner.token, resume: .init(session: owner.session, seq: owner.seq), route: "/")
        XCTAssertEqual(resumed.session, owner.session)
        XCTAssertEqual(resumed.state["route"], "/pokemon/4")
        XCTAssertEqual(resumed.state["list"]?["search"], "char")
        XCTAssertTrue(acknowledged.isSubset(of: resumed.favorites))
    }

    func testAfterPostgreSQLRestartsUnderWritesEverySessionConvergesToTheDatabase() async throws {
        // A server of this test's own, since it is stopped and started again.
        let cluster = try TestCluster.start()
        defer { cluster.remove() }
        let own = try TestDatabase.create(on: cluster.url)
        let first = try startProcess(own.url), second = try startProcess(own.url)
        let owner = try await open(first)
        let code = try await invite(owner)
        let member = try await open(second, route: "/join/\(code)")
        try await member.read { $0.state["lists"]?["active"] == owner.state["lists"]?["active"] }

        for id in 1...5 { _ = owner.send(owner.star(id)) }
        try cluster.stop()
        // Writes while the database is away are refused (storage), not acknowledged, and both
        // processes say they are not ready.
        for id in 6...10 { _ = owner.send(owner.star(id)) }
        try await waitUntil("both processes answer /healthz 503 while PostgreSQL is stopped", every: .milliseconds(50)) {
            let (a, b) = (try await Self.health(first), try await Self.health(second))
            return a == 503 && b == 503
        }
        try cluster.restart()
        try await waitUntil("both processes answer /healthz 200 once PostgreSQL is back", every: .milliseconds(50)) {
            let (a, b) = (try await Self.health(first), try await Self.health(second))
            return a == 200 && b == 200
        }
        for id in 11...15 { _ = member.send(member.star(id)) }

        // Both converge on what the database holds, whatever was refused.
        let listID = owner.state["lists"]?["active"]?.stringValue ?? ""
        func stored() throws -> Set<Int> {
            Set(try own.query("SELECT pokemon_id FROM favorites WHERE list_id = $1", [.text(listID)]).map { try $0.int(0) })
        }
        try await owner.read { _ in (try? stored())?.isSuperset(of: Set(11...15)) == true }
        let truth = try stored()
        try await owner.read { $0.favorites == truth }
        try await member.read { $0.favorites == truth }
    }
}
