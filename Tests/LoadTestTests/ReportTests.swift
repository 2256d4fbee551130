import Foundation
@testable import LoadTest
import XCTest

final class ReportTests: XCTestCase {
    func makeReport(errors: [String: Int] = [:], convergence: Convergence? = Convergence(checked: 2, matched: 2)) -> Report {
        sampleReport(errors: errors, convergence: convergence)
    }

    func testJSONHasTheReportedFigures() throws {
        let data = try makeReport(errors: ["server_forbidden": 1]).jsonData()
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
        XCTAssertEqual(json["scenario"] as? String, "browse")
        XCTAssertEqual(json["sessions"] as? Int, 2)
        let action = try XCTUnwrap(json["actionToPatch"] as? [String: Any])
        XCTAssertEqual(action["count"] as? Int, 4)
        XCTAssertEqual(try XCTUnwrap(action["p50"] as? Double), 1.0, accuracy: 0.01)
        XCTAssertEqual(try XCTUnwrap(action["max"] as? Double), 40.0, accuracy: 0.01)
        for key in ["p95", "p99", "buckets"] { XCTAssertNotNil(action[key], key) }
        for key in ["p50", "p95", "p99"] { XCTAssertNotNil((json["connect"] as? [String: Any])?[key], key) }
        XCTAssertNotNil(json["fanout"])
        XCTAssertEqual(json["actionsByKind"] as? [String: Int], ["navigate": 1, "list.rowTapped": 3])
        XCTAssertEqual(json["bytesIn"] as? Int, 1_234)
        XCTAssertEqual(json["bytesOut"] as? Int, 567)
        XCTAssertEqual(json["errors"] as? [String: Int], ["server_forbidden": 1])
        XCTAssertEqual(json["closeCodes"] as? [String: Int], ["1000": 2, "1006": 1])
        XCTAssertEqual((json["convergence"] as? [String: Any])?["passed"] as? Bool, true)
        XCTAssertEqual((json["timeline"] as? [[String: Any]])?.map { $0["second"] as? Int }, [1])
        XCTAssertEqual(try JSONDecoder().decode(Report.self, from: data), makeReport(errors: ["server_forbidden": 1]))
    }

    func testPassesOnlyWithinTheErrorThresholdAndWhenConverged() {
        XCTAssertTrue(makeReport().passed)
        XCTAssertTrue(makeReport(errors: ["a": 1]).passed, "one error is allowed")
        XCTAssertFalse(makeReport(errors: ["a": 1, "b": 1]).passed)
        XCTAssertFalse(makeReport(convergence: Convergence(checked: 2, matched: 1)).passed)
        XCTAssertFalse(makeReport(convergence: Convergence(checked: 2, matched: 2, detail: "members' favorites differ")).passed)
    }

    func testTextAndHTMLCarryTheFigures() {
        let report = makeReport()
        XCTAssertTrue(report.text.contains("p99"), report.text)
        XCTAssertTrue(report.text.contains("result: passed"), report.text)
        XCTAssertTrue(report.text.contains("action mix: list.rowTapped 75.00%, navigate 25.00%"), report.text)
        XCTAssertTrue(report.html.contains("<svg"), "histograms are inline SVG")
        XCTAssertTrue(report.html.contains("<polyline"), "latency over time is plotted")
        XCTAssertFalse(report.html.contains("http://") && report.html.contains("<script src"), "nothing is fetched")
    }

    func testTheFirstLineSaysWhetherTheTesterRanAtRealtimePriority() {
        var report = makeReport()
        XCTAssertFalse(report.text.contains("real-time"), report.text)
        report.realtime = true
        XCTAssertTrue(report.text.hasPrefix("scenario browse against ws://127.0.0.1:8080/ws: 2 sessions at real-time priority, 3"), report.text)
    }

    func testSteadyLatencyCountsOnlyActionsSentOnceEveryoneWasConnected() throws {
        let recorder = Recorder()
        let began = ContinuousClock.now
        recorder.acknowledged(after: .milliseconds(80), at: began + .milliseconds(50))
        recorder.steadyPhaseBegan(at: began + .milliseconds(100))
        recorder.acknowledged(after: .milliseconds(80), at: began + .milliseconds(150))
        recorder.acknowledged(after: .milliseconds(2), at: began + .milliseconds(150))
        let report = Report(options: LoadOptions(), tallies: recorder.snapshot, outcome: ScenarioOutcome(), elapsed: .seconds(1))
        XCTAssertEqual(report.actionToPatch.count, 3)
        let steady = try XCTUnwrap(report.steadyActionToPatch)
        XCTAssertEqual(steady.count, 1, "only the action sent after the connect wave")
        XCTAssertEqual(steady.max, 2, accuracy: 0.1)
        XCTAssertTrue(report.text.contains("once all"), report.text)
        XCTAssertNil(makeReport().steadyActionToPatch, "no steady phase was marked")
    }

    func testSentActionsAreCountedByKind() {
        let recorder = Recorder()
        recorder.sent(bytes: 40, action: "list.reachedEnd")
        recorder.sent(bytes: 40, action: "list.reachedEnd")
        recorder.sent(bytes: 30, action: "navigate")
        recorder.sent(bytes: 90, action: nil)
        let tallies = recorder.snapshot
        XCTAssertEqual(tallies.actionsSent, 3, "the hello is not an action")
        XCTAssertEqual(tallies.actionsByKind, ["list.reachedEnd": 2, "navigate": 1])
        XCTAssertEqual(tallies.bytesOut, 200)
    }

    func testCPUIsReportedPerActionPerPatchAndInCores() throws {
        var options = LoadOptions()
        options.sessions = 2
        let usage = CPUUsage(wallSeconds: 20, testerSeconds: 12, serverSeconds: 22, actions: 200_000, patches: 220_000)
        let report = Report(options: options, tallies: Recorder.Tallies(), outcome: ScenarioOutcome(cpu: usage), elapsed: .seconds(25))
        let cpu = try XCTUnwrap(report.cpu)
        let server = try XCTUnwrap(cpu.server)
        XCTAssertEqual(server.cores, 1.1, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(server.microsPerAction), 110, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(server.microsPerPatch), 100, accuracy: 1e-9)
        XCTAssertEqual(cpu.tester.cores, 0.6, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(cpu.tester.microsPerAction), 60, accuracy: 1e-9)
        XCTAssertTrue(report.text.contains("cpu over the measured 20.00 s: server 1.10 cores, 110 µs an action, 100 µs a patch; "
            + "tester 0.60 cores, 60.00 µs an action, 54.55 µs a patch"), report.text)

        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: report.jsonData()) as? [String: Any])
        let serverJSON = try XCTUnwrap((json["cpu"] as? [String: Any])?["server"] as? [String: Any])
        XCTAssertEqual(try XCTUnwrap(serverJSON["microsPerAction"] as? Double), 110, accuracy: 1e-9)

        let withoutServer = CPUUsage(wallSeconds: 20, testerSeconds: 12, serverSeconds: nil, actions: 0, patches: 10)
        let testerOnly = try XCTUnwrap(Report(options: options, tallies: Recorder.Tallies(), outcome: ScenarioOutcome(cpu: withoutServer), elapsed: .seconds(25)).cpu)
        XCTAssertNil(testerOnly.server)
        XCTAssertNil(testerOnly.tester.microsPerAction, "no action was sent")
        XCTAssertNil(makeReport().cpu, "the scenario measured no phase")
    }
}
