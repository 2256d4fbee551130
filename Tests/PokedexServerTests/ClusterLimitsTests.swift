import Foundation
import Postgres
import PostgresTesting
import StateSync
import TestSupport
import WebSocketServer
import XCTest

/// The limits of cluster mode with real processes: two `pokedex-server`s on one PostgreSQL
/// database allow each rate and each quota once between them, not once each. Every browser
/// here comes from 127.0.0.1, so the per-address rates count all of them; the rates are low
/// (an allowance refills one every 20 s or more), so nothing refills while a test runs. The
/// quotas (lists, members, invites) count rows of the shared database.
final class ClusterLimitsTests: XCTestCase {
    var client: WebSocketClient!
    var database: TestDatabase!
    var processes: [ServerProcess] = []

    override func setUp() async throws {
        guard FileManager.default.isExecutableFile(atPath: ServerProcess.executable.path) else {
            throw XCTSkip("build the server first (swift build --build-tests builds it)")
        }
        database = try TestDatabase.create()
        client = try WebSocketClient()
    }

    override func tearDown() async throws {
        client?.shutdown()
        for process in processes { process.signal(SIGKILL); _ = process.exitStatus() }
        database?.drop()
    }

    /// Two processes on the test's database with the same limits.
    func startTwo(_ limits: [String]) throws -> (ServerProcess, ServerProcess) {
        func start() throws -> ServerProcess {
            let cache = FileManager.default.temporaryDirectory.appendingPathComponent("cache-\(UUID().uuidString).sqlite").path
            let process = try ServerProcess(database: database.url, arguments: ["--cache-db", cache] + limits)
            processes.append(process)
            return process
        }
        return (try start(), try start())
    }

    /// Tokens of the users the hellos below created.
    var tokens: [String] = []

    /// Says `hello` on a new connection to `process`: nil when welcomed, else the refusal's code.
    func hello(_ process: ServerProcess, _ hello: ClientMessage.Hello) async throws -> ProtocolError.Code? {
        let connection = client.connect(port: process.port)
        try await connection.waitUntilOpen(timeout: .seconds(10))
        _ = connection.send(ClientMessage.hello(hello).encoded())
        switch try ServerMessage.parse(try await connection.nextMessage(timeout: .seconds(10))) {
        case let .welcome(_, _, token):
            if let token { tokens.append(token) }
            return nil
        case let .error(_, code, _): return code
        case let other: XCTFail("a hello answered with \(other)"); return nil
        }
    }

    func testNewUsersFromOneAddressAreCountedAcrossProcesses() async throws {
        let (first, second) = try startTwo(["--limit-new-users-per-min", "3"])
        var outcomes: [ProtocolError.Code?] = []
        for index in 0..<6 {
            outcomes.append(try await hello(index % 2 == 0 ? first : second, .init(route: "/")))
        }
        // One process alone would have welcomed three on each.
        XCTAssertEqual(outcomes, [nil, nil, nil, .rateLimited, .rateLimited, .rateLimited])
        XCTAssertEqual(try database.query("SELECT count(*) FROM users")[0].int(0), 3, "refused hellos created nobody")
        // A known user is never refused by it, on either process.
        XCTAssertEqual(tokens.count, 3)
        let again = try await hello(second, .init(token: tokens.first, route: "/"))
        XCTAssertNil(again)
    }

    func testSessionsPerUserAreCountedAcrossProcesses() async throws {
        let (first, second) = try startTwo(["--limit-sessions-per-user", "2"])
        let created = try await hello(first, .init(route: "/"))
        XCTAssertNil(created)
        let token = try XCTUnwrap(tokens.first)
        // The first process's count reaches the presence rows before the next hello reads them.
        try await waitUntil("the first process's session is counted in PostgreSQL", every: .milliseconds(20)) {
            try self.database.query("SELECT COALESCE(sum(sessions), 0)::bigint FROM presence")[0].int(0) == 1
        }
        let onSecond = try await hello(second, .init(token: token, route: "/"))
        XCTAssertNil(onSecond, "one here and one there: two, the limit")
        try await waitUntil("both sessions are counted in PostgreSQL", every: .milliseconds(20)) {
            try self.database.query("SELECT COALESCE(sum(sessions), 0)::bigint FROM presence")[0].int(0) == 2
        }
        // Each process alone holds one session of the user, under its limit of two.
        let third = try await hello(first, .init(token: token, route: "/"))
        XCTAssertEqual(third, .limitReached)
    }

    func testSignInAttemptsFromOneAddressAreCountedAcrossProcesses() async throws {
        let (first, second) = try startTwo(["--limit-sign-ins-per-min", "2"])
        var outcomes: [ProtocolError.Code?] = []
        for index in 0..<4 {
            outcomes.append(try await hello(index % 2 == 0 ? first : second, .init(route: "/", signIn: "ABCDEFGH")))
        }
        XCTAssertEqual(outcomes, [.unknownSignInCode, .unknownSignInCode, .rateLimited, .rateLimited])
    }

    func testSignInCodesOfOneUserAreCountedAcrossProcesses() async throws {
        let (first, second) = try startTwo(["--limit-sign-in-codes-per-min", "2"])
        let ash = try await TestSession.open(client, port: first.port)
        let ashThere = try await TestSession.open(client, port: second.port, token: ash.token)
        let createCode: JSONValue = ["account": ["createSignInCode": [:]]]

        let here = try await ash.perform(createCode)
        let there = try await ashThere.perform(createCode)
        let again = try await ash.perform(createCode)
        let againThere = try await ashThere.perform(createCode)
        XCTAssertEqual([here, there, again, againThere], [nil, nil, .rateLimited, .rateLimited])
    }

    /// The favorites quotas count what storage holds, so they are the cluster's already.
    func testListsPerUserAreCountedAcrossProcesses() async throws {
        let (first, second) = try startTwo(["--limit-lists-per-user", "2"])
        let ash = try await TestSession.open(client, port: first.port)
        let ashThere = try await TestSession.open(client, port: second.port, token: ash.token)

        let created = try await ash.perform(["lists": ["create": ["name": "Gym team"]]])
        XCTAssertNil(created)
        let refused = try await ashThere.perform(["lists": ["create": ["name": "Rivals"]]])
        XCTAssertEqual(refused, .limitReached)
    }

    func testMembersPerListAreCountedAcrossProcesses() async throws {
        let (first, second) = try startTwo(["--limit-members-per-list", "2"])
        let owner = try await TestSession.open(client, port: first.port)
        let list = owner.state["lists"]?["active"]
        let code = try await owner.createInvite()
        let misty = try await TestSession.open(client, port: first.port)
        let brock = try await TestSession.open(client, port: second.port)

        let joined = try await misty.perform(["navigate": ["route": .string("/join/\(code)")]])
        XCTAssertNil(joined)
        try await misty.read { $0.state["lists"]?["active"] == list }
        let refused = try await brock.perform(["navigate": ["route": .string("/join/\(code)")]])
        XCTAssertEqual(refused, .limitReached)
        XCTAssertNotEqual(brock.state["lists"]?["active"], list)
    }

    func testOpenInvitesPerListAreCountedAcrossProcesses() async throws {
        let (first, second) = try startTwo(["--limit-invites-per-list", "1"])
        let ash = try await TestSession.open(client, port: first.port)
        let ashThere = try await TestSession.open(client, port: second.port, token: ash.token)
        _ = try await ash.createInvite()

        try await ashThere.perform(["favoritesTapped": [:]])
        let refused = try await ashThere.perform(["destination": ["presented": ["favorites": ["inviteTapped": ["role": "viewer"]]]]])
        XCTAssertEqual(refused, .limitReached)
    }
}
