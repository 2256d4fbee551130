@testable import LoadTest
import StateSync
import XCTest

final class ComparisonTests: XCTestCase {
    func report(p99: Double, p50: Double = 1, errorPercent: Double = 0, actionsPerSecond: Double = 100) -> JSONValue {
        ["connectedSessions": 10, "actionsPerSecond": .double(actionsPerSecond), "errorPercent": .double(errorPercent),
         "connect": ["p50": 2.0, "p95": 3.0, "p99": 4.0, "max": 5.0],
         "actionToPatch": ["p50": .double(p50), "p95": 2.0, "p99": .double(p99), "max": 30.0],
         "fanout": ["p50": 0, "p99": 0]]
    }

    func compare(_ baseline: JSONValue, _ current: JSONValue, limit: Double = 20) -> Comparison {
        Comparison(baseline: baseline, current: current, baselinePath: "base.json", maxRegressionPercent: limit)
    }

    func testEveryFigureBothReportsHaveIsSetBesideTheBaseline() throws {
        let comparison = compare(report(p99: 10), report(p99: 11, p50: 0.5))
        XCTAssertEqual(comparison.figures.map(\.name), [
            "sessions connected", "connect p50", "connect p95", "connect p99", "action→patch p50", "action→patch p95",
            "action→patch p99", "action→patch max", "actions/s", "error rate",
        ], "in the fixed order; figures missing from either report, and latencies zero in both, left out")
        let p99 = try XCTUnwrap(comparison.figures.first { $0.name == "action→patch p99" })
        XCTAssertEqual(p99.baseline, 10)
        XCTAssertEqual(p99.current, 11)
        XCTAssertEqual(try XCTUnwrap(p99.changePercent), 10, accuracy: 1e-9)
        XCTAssertEqual(p99.change, "+10.0%")
        XCTAssertEqual(comparison.figures.first { $0.name == "action→patch p50" }?.change, "-50.0%")
        XCTAssertEqual(comparison.figures.first { $0.name == "connect p99" }?.change, "=")
        XCTAssertTrue(comparison.passed)
        XCTAssertNil(comparison.otherScenario, "neither names its scenario: nothing to warn about")
        var favorites = report(p99: 10).objectValue!
        favorites["scenario"] = "favorites"
        var browse = report(p99: 10).objectValue!
        browse["scenario"] = "browse"
        XCTAssertEqual(compare(.object(favorites), .object(browse)).otherScenario, "favorites", "a baseline of another load is pointed out")
    }

    func testAP99PastTheLimitRegressesAndOnlyGatedFiguresCount() {
        XCTAssertTrue(compare(report(p99: 10), report(p99: 12)).passed, "20% is within 20%")
        let worse = compare(report(p99: 10), report(p99: 12.5))
        XCTAssertFalse(worse.passed)
        XCTAssertEqual(worse.regressions.map(\.name), ["action→patch p99"])
        XCTAssertTrue(compare(report(p99: 10), report(p99: 12.5), limit: 30).passed, "--max-regression moves the line")
        XCTAssertTrue(compare(report(p99: 10, p50: 1), report(p99: 10, p50: 5)).passed, "p50 is shown, not gated")
        XCTAssertTrue(compare(report(p99: 10, actionsPerSecond: 100), report(p99: 10, actionsPerSecond: 10)).passed,
                      "throughput is shown, not gated")
        XCTAssertTrue(compare(report(p99: 10), report(p99: 2)).passed, "faster is never a regression")
    }

    func testTheErrorRateRegressesPastTheLimitAndFromZeroWithAnyError() {
        XCTAssertFalse(compare(report(p99: 10), report(p99: 10, errorPercent: 0.01)).passed, "errors where there were none")
        XCTAssertEqual(compare(report(p99: 10), report(p99: 10, errorPercent: 0.01)).figures.first { $0.name == "error rate" }?.change, "new")
        XCTAssertTrue(compare(report(p99: 10, errorPercent: 1), report(p99: 10, errorPercent: 1.1)).passed)
        XCTAssertFalse(compare(report(p99: 10, errorPercent: 1), report(p99: 10, errorPercent: 1.5)).passed)
    }

    func testTheVerdictReachesTheReportsTextJSONAndExit() throws {
        var report = sampleReport()
        let baseline = try JSONParser.parse([UInt8](report.jsonData()))
        var slower = baseline.objectValue!
        slower["actionToPatch"] = ["p50": 1, "p95": 1, "p99": 0.001, "max": 1, "count": 1, "buckets": []]
        report.comparison = compare(.object(slower), try JSONParser.parse([UInt8](report.jsonData())))
        XCTAssertFalse(report.passed, "a regression fails the run")
        XCTAssertTrue(report.text.contains("compared with base.json (a p99 or the error rate may worsen by 20.00%):"), report.text)
        XCTAssertTrue(report.text.contains("comparison: REGRESSED (action→patch p99)"), report.text)
        let line = try XCTUnwrap(report.text.split(separator: "\n").first { $0.contains("action→patch p99:") })
        XCTAssertTrue(line.hasSuffix("REGRESSED"), String(line))
        let json = try JSONParser.parse([UInt8](report.jsonData()))
        XCTAssertEqual(json["comparison"]?["baseline"], "base.json")
        let figures = try XCTUnwrap(json["comparison"]?["figures"]?.arrayValue)
        XCTAssertTrue(figures.contains { $0["name"] == "action→patch p99" && $0["regressed"] == true })
    }
}
