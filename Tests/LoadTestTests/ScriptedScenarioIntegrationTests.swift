import Foundation
@testable import LoadTest
import PokedexServer
import XCTest

/// A scenario file run against the real server, in process: the stages bring sessions up and
/// down, the mix is what the file weighs, the copies converge, and the server's CPU and memory
/// are sampled from its /metrics.
final class ScriptedScenarioIntegrationTests: XCTestCase {
    func testStagesAndTheMixDriveTheRunAndEveryCopyConverges() async throws {
        var serverOptions = ServerOptions()
        serverOptions.port = 0
        serverOptions.limits = .unlimited
        serverOptions.database = FileManager.default.temporaryDirectory.appendingPathComponent("scripted-\(UUID().uuidString).sqlite").path
        let server = try PokedexServer(options: serverOptions)
        try server.start()
        let file = try ScenarioFile(parsing: """
            {
              "name": "up and down",
              "actions": {"scroll": 2, "open": 2, "dismiss": 3, "star": 1},
              "thinkTime": {"distribution": "exponential", "mean": 0.15},
              "stages": [{"duration": 1, "target": 12}, {"duration": 2, "target": 12}, {"duration": 0.5, "target": 4},
                         {"duration": 0.5, "target": 8}]
            }
            """, file: "up-and-down.json")
        var options = LoadOptions()
        options.targets = [LoadTarget(host: "127.0.0.1", port: server.port)]
        let report = try await LoadTester.run(options, file: file)
        await server.shutdown()

        XCTAssertEqual(report.scenario, "up and down")
        XCTAssertEqual(report.errors, [:], report.errorExamples.joined(separator: "\n"))
        XCTAssertEqual(report.connectedSessions, report.sessions, "every session started got ready")
        XCTAssertTrue((14...16).contains(report.sessions), "12, then about 4 fresh ones after about 8 left: \(report.sessions)")
        XCTAssertEqual(Set(report.actionsByKind.keys).subtracting(["list.reachedEnd", "list.rowTapped", "destination.dismiss", "favoriteSet"]),
                       [], "only the weighted moves: \(report.actionsByKind)")
        XCTAssertNil(report.actionsByKind["list.binding"], "search has no weight")
        XCTAssertGreaterThan(report.actionsSent, 40)
        XCTAssertEqual(report.convergence?.checked, report.sessions)
        XCTAssertEqual(report.convergence?.passed, true)
        XCTAssertTrue(report.series.contains { $0.serverRSSMiB ?? 0 > 1 }, "the server's memory came from its /metrics: \(report.series)")
        XCTAssertTrue(report.passed)
    }
}
