import Foundation
@testable import LoadTest
import PokedexServer
import XCTest

/// Sessions spread over several `--url`s, and what failover needs of a session: a lost
/// connection that drops it instead of failing it, and a move to another target.
final class TargetSpreadTests: XCTestCase {
    var servers: [PokedexServer] = []

    override func tearDown() async throws {
        for server in servers { await server.shutdown() }
    }

    func startServer() throws -> LoadTarget {
        var options = ServerOptions()
        options.port = 0
        options.graceSeconds = 60
        options.limits = .unlimited
        options.database = FileManager.default.temporaryDirectory.appendingPathComponent("spread-\(UUID().uuidString).sqlite").path
        let server = try PokedexServer(options: options)
        try server.start()
        servers.append(server)
        return LoadTarget(host: "127.0.0.1", port: server.port)
    }

    func run(_ targets: [LoadTarget]) throws -> LoadRun {
        var options = LoadOptions()
        options.targets = targets
        return try LoadRun(options: options)
    }

    func testSessionsAreDealtToTheTargetsInTurn() throws {
        let a = LoadTarget(host: "127.0.0.1", port: 1), b = LoadTarget(host: "127.0.0.1", port: 2), c = LoadTarget(host: "127.0.0.1", port: 3)
        let run = try run([a, b, c])
        defer { run.shutdown() }
        let sessions = run.makeSessions(7, observer: FailoverPlanTestsQuiet())
        XCTAssertEqual(sessions.map(\.target), [a, b, c, a, b, c, a])
        sessions[1].move(to: c)
        XCTAssertEqual(sessions[1].target, c)
    }

    func testEverySessionConnectsToItsOwnServerAndConverges() async throws {
        let first = try startServer(), second = try startServer()
        var options = LoadOptions()
        options.targets = [first, second]
        options.scenario = .reconnect
        options.sessions = 6
        options.ramp = 100
        let report = try await LoadTester.run(options)
        XCTAssertEqual(report.targets, ["ws://127.0.0.1:\(first.port)/ws", "ws://127.0.0.1:\(second.port)/ws"])
        XCTAssertEqual(report.errors, [:], report.errorExamples.joined(separator: "\n"))
        // A session resumed on a server that never had it would be refused (a new session).
        XCTAssertEqual(report.resume?.byPatches, 6)
        XCTAssertEqual(report.convergence?.passed, true)
    }

    func testALostConnectionDropsATolerantSessionWhichResumesOnAnotherTarget() async throws {
        let doomed = try startServer(), survivor = try startServer()
        let run = try run([doomed, survivor])
        defer { run.shutdown() }
        let session = run.makeSessions(1, observer: FailoverPlanTestsQuiet())[0]
        session.connect()
        let connected = await run.waitUntil(limit: .seconds(30)) { session.phase == .ready }
        XCTAssertTrue(connected)
        session.tolerateLoss()
        await servers.removeFirst().shutdown()
        let lost = await run.waitUntil(limit: .seconds(30)) { session.phase != .ready }
        XCTAssertTrue(lost)
        XCTAssertEqual(session.phase, .dropped)
        XCTAssertNotNil(session.lostAt)
        XCTAssertEqual(run.recorder.snapshot.errorCount, 0, "a tolerated loss is no error")

        session.move(to: survivor)
        session.resume()
        // The survivor (SQLite, not shared) knows neither the user nor the session, so it refuses
        // the hello's token: the point is that the hello went to the survivor and was answered.
        let answered = await run.waitUntil(limit: .seconds(30)) { run.recorder.snapshot.errors["server_unknown_token"] == 1 }
        XCTAssertTrue(answered, "\(run.recorder.snapshot.errors)")
    }
}

struct FailoverPlanTestsQuiet: SessionObserver {}
