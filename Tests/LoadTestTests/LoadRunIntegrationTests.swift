import Foundation
@testable import LoadTest
import PokedexServer
import XCTest

/// The load tester against the real server, in process on an ephemeral loopback port.
final class LoadRunIntegrationTests: XCTestCase {
    var server: PokedexServer!

    override func setUp() async throws {
        var options = ServerOptions()
        options.port = 0
        options.graceSeconds = 60
        // Every simulated browser is a new user from 127.0.0.1, acting fast.
        options.limits = .unlimited
        options.database = FileManager.default.temporaryDirectory.appendingPathComponent("loadtest-\(UUID().uuidString).sqlite").path
        server = try PokedexServer(options: options)
        try server.start()
    }

    override func tearDown() async throws {
        await server.shutdown()
    }

    func options(_ scenario: ScenarioKind, sessions: Int, duration: Double) -> LoadOptions {
        var options = LoadOptions()
        options.targets = [LoadTarget(host: "127.0.0.1", port: server.port)]
        options.scenario = scenario
        options.sessions = sessions
        options.duration = duration
        options.thinkTime = 0.2
        options.ramp = 200
        return options
    }

    func testFiftyBrowsingSessionsRunWithoutErrorsAndConverge() async throws {
        let report = try await LoadTester.run(options(.browse, sessions: 50, duration: 5))
        XCTAssertEqual(report.errors, [:], report.errorExamples.joined(separator: "\n"))
        XCTAssertEqual(report.connectedSessions, 50)
        XCTAssertGreaterThan(report.actionToPatch.count, 50 * 5, "every session acted several times")
        for kind in ["list.reachedEnd", "list.rowTapped", "list.binding", "destination.dismiss"] {
            XCTAssertNotNil(report.actionsByKind[kind], "\(kind) in \(report.actionsByKind)")
        }
        XCTAssertGreaterThan(report.actionsByKind["list.binding", default: 0], 50, "sessions search again once a search settles: \(report.actionsByKind)")
        let cpu = try XCTUnwrap(report.cpu, "the steady phase's CPU is measured")
        XCTAssertGreaterThan(cpu.actions, 50, "actions sent in the steady phase")
        XCTAssertGreaterThan(cpu.tester.cpuSeconds, 0)
        XCTAssertNil(cpu.server, "no --server-pid")
        let server = try XCTUnwrap(report.serverActionLatency, "the server's histogram was read at /metrics")
        XCTAssertGreaterThanOrEqual(server.count, cpu.actions / 2, "the server counted the phase's actions")
        XCTAssertEqual(server.shares.map(\.share), server.shares.map(\.share).sorted(), "shares within growing bounds grow")
        XCTAssertEqual(report.convergence?.checked, 50)
        XCTAssertEqual(report.convergence?.passed, true)
        XCTAssertTrue(report.passed)
    }

    func testDroppedSessionsResumeByPatches() async throws {
        let report = try await LoadTester.run(options(.reconnect, sessions: 20, duration: 0))
        XCTAssertEqual(report.errors, [:], report.errorExamples.joined(separator: "\n"))
        XCTAssertEqual(report.resume?.byPatches, 20)
        XCTAssertEqual(report.resume?.bySnapshot, 0)
        XCTAssertEqual(report.convergence?.passed, true)
    }

    /// On two event loops, so the members' patches and the shared fan-out bookkeeping are
    /// handled on two threads at once.
    func testEveryMemberOfASharedListSeesEveryStar() async throws {
        var options = options(.favorites, sessions: 12, duration: 3)
        options.loops = 2
        let report = try await LoadTester.run(options)
        XCTAssertNil(report.failure)
        XCTAssertEqual(report.errors, [:], report.errorExamples.joined(separator: "\n"))
        XCTAssertGreaterThan(report.fanout.count, 5, "writers toggled stars and every member saw each")
        XCTAssertEqual(report.convergence?.checked, 12)
        XCTAssertEqual(report.convergence?.passed, true)
    }
}
