import Foundation
import StateSync
import WebSocketServer
import XCTest

/// The server as it runs in production: a process that drains on SIGTERM and loses nothing it
/// acknowledged when it is killed.
final class ServerProcessTests: XCTestCase {
    var client: WebSocketClient!
    var directory = ""

    override func setUp() async throws {
        try ServerProcess.requireExecutable()
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("pokedex-\(UUID().uuidString)").path
        client = try WebSocketClient()
    }

    override func tearDown() async throws {
        // Nil when setUp threw (the server not built): the failure is setUp's, not a crash here.
        client?.shutdown()
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// A server that does not start is an error that fails its test, never a skip (issue 33):
    /// the error names why, with the server's own log.
    func testAServerThatCannotStartIsAFailureNotASkip() throws {
        XCTAssertThrowsError(try ServerProcess(database: directory + "/pokedex.sqlite", arguments: ["--no-such-option"])) { error in
            XCTAssertFalse(error is XCTSkip, "\(error)")
            XCTAssertTrue(String(describing: error).contains("the server exited before listening"), "\(error)")
        }
    }

    func testSIGTERMClosesEverySessionWith1001AndExitsCleanly() async throws {
        let server = try ServerProcess(database: directory + "/pokedex.sqlite")
        let sessions = [
            try await TestSession.open(client, port: server.port),
            try await TestSession.open(client, port: server.port, route: "/pokemon/25"),
        ]
        server.signal(SIGTERM)
        for session in sessions {
            let code = try await session.connection.closeCode(timeout: .seconds(10))
            XCTAssertEqual(code, 1001)
        }
        XCTAssertEqual(server.exitStatus(), 0)
    }

    func testAKilledServerLosesNoAcknowledgedChange() async throws {
        let database = directory + "/pokedex.sqlite"
        let first = try ServerProcess(database: database)
        let session = try await TestSession.open(client, port: first.port)
        let token = try XCTUnwrap(session.token)
        var acknowledged: Set<Int> = []
        for id in stride(from: 1, through: 60, by: 3) {
            let refusal = try await session.perform(session.star(id))
            XCTAssertNil(refusal)
            acknowledged.insert(id)
        }
        // One more write that may or may not land: the kill races it.
        _ = session.send(session.star(100))
        first.signal(SIGKILL)
        _ = first.exitStatus()

        let second = try ServerProcess(database: database)
        let reopened = try await TestSession.open(client, port: second.port, token: token)
        XCTAssertEqual(reopened.favorites.subtracting([100]), acknowledged)
        XCTAssertEqual(reopened.userID, session.userID)
        second.signal(SIGTERM)
        XCTAssertEqual(second.exitStatus(), 0)
    }

    /// `--realtime`: every thread of the server runs at SCHED_FIFO, those it started while
    /// serving a session too.
    func testRealtimeRunsEveryThreadOfTheServerAtRealtimePriority() async throws {
        try XCTSkipUnless(geteuid() == 0, "SCHED_FIFO needs root here (RealtimeSchedulingTests covers the refusal)")
        let server = try ServerProcess(database: directory + "/pokedex.sqlite", arguments: ["--realtime"])
        let session = try await TestSession.open(client, port: server.port, route: "/pokemon/25")
        let refusal = try await session.perform(session.star(4))
        XCTAssertNil(refusal)
        let policies = try server.threadPolicies()
        XCTAssertGreaterThan(policies.count, 3, "the service threads, SQLite's and the task pool's")
        XCTAssertEqual(policies.filter { $0.value != 1 }, [:], "threads not at SCHED_FIFO")
        server.signal(SIGTERM)
        XCTAssertEqual(server.exitStatus(), 0)
    }
}
