@testable import LoadTest
import Foundation
import StateSync
import XCTest

/// The HTML report's content: what a reader finds on the page, and that it needs nothing else.
final class ReportPageTests: XCTestCase {
    func richReport() -> Report {
        var report = sampleReport(errors: ["timeout": 1])
        report.series = [
            .init(second: 0, actionsSent: 10, errors: 0, serverCores: 0.25, serverRSSMiB: 40),
            .init(second: 1, actionsSent: 14, errors: 1, serverCores: 0.5, serverRSSMiB: 42),
        ]
        return report
    }

    func testTheSummaryCardsComeFirstWithTheHeadlineFigures() throws {
        let html = richReport().html
        let cards = try XCTUnwrap(html.range(of: "<section class=\"cards\">"))
        XCTAssertLessThan(cards.lowerBound, try XCTUnwrap(html.range(of: "Percentiles by phase")).lowerBound)
        for label in ["Sessions", "Actions/s", "p50", "p95", "p99", "max", "Errors", "Convergence"] {
            XCTAssertTrue(html.contains("<div class=\"label\">\(label)</div>"), label)
        }
        XCTAssertTrue(html.contains("<div class=\"value\">40.00 ms</div>"), "the action → patch max")
        XCTAssertTrue(html.contains("<span class=\"badge pass\">passed</span>"))
    }

    func testEachPhaseHasItsPercentilesAndAHistogramWithLabelledAxes() {
        let html = richReport().html
        XCTAssertTrue(html.contains("<tr><th scope=\"row\">Action → patch</th><td>4</td><td>1.00</td>"), html)
        XCTAssertTrue(html.contains("<th scope=\"row\">Connect (TCP, upgrade, welcome, snapshot)</th><td>1</td>"))
        XCTAssertFalse(html.contains("Fan-out to every member"), "a phase that did not happen is left out")
        XCTAssertTrue(html.contains(">latency, ms (log scale)</text>"), "the histogram's x axis is named")
        XCTAssertTrue(html.contains(">count</text>"), "and its y axis")
        XCTAssertTrue(html.contains(">1</text>") && html.contains(">10</text>"), "decade ticks on the log axis")
    }

    func testTheRunOverTimeAndTheServerAreCharted() {
        let html = richReport().html
        for caption in ["Actions per second (sent, acknowledged)", "Action → patch by second", "Errors per second", "Server CPU",
                        "Server resident memory"] {
            XCTAssertTrue(html.contains("<figcaption>\(caption) "), caption)
        }
        XCTAssertTrue(html.contains(">seconds into the run</text>"))
        XCTAssertTrue(html.contains(">cores busy</text>") && html.contains(">MiB</text>"))
        var quiet = richReport()
        quiet.series = quiet.series.map { var point = $0; point.serverCores = nil; point.serverRSSMiB = nil; return point }
        XCTAssertTrue(quiet.html.contains("No CPU or memory readings: pass --server-pid"))
    }

    func testTheComparisonShowsBesideEveryFigure() throws {
        var report = richReport()
        var baseline = try JSONParser.parse([UInt8](report.jsonData())).objectValue!
        baseline["actionToPatch"] = ["p50": 1, "p95": 1, "p99": 1, "max": 1]
        report.comparison = Comparison(baseline: .object(baseline), current: try JSONParser.parse([UInt8](report.jsonData())),
                                       baselinePath: "main.json", maxRegressionPercent: 20)
        let html = report.html
        XCTAssertTrue(html.contains("<h2>Compared with <code>main.json</code></h2>"))
        XCTAssertTrue(html.contains("REGRESSED: action→patch p99"), "the verdict names what regressed")
        XCTAssertTrue(html.contains("<div class=\"base worse\">baseline 1 ms (+"), "the p99 card shows its baseline")
        XCTAssertTrue(html.contains("<span class=\"badge fail\">FAILED</span>"))
    }

    func testThePageIsSelfContainedAndFitsPhonesAndDarkMode() {
        let html = richReport().html
        XCTAssertFalse(html.contains("<script"), "no script at all")
        XCTAssertFalse(html.contains("<link"), "no stylesheet or font to fetch")
        XCTAssertFalse(html.contains("url("), "no image in the CSS")
        XCTAssertFalse(html.contains("src=") || html.contains("href="), "nothing linked or loaded")
        XCTAssertTrue(html.contains("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"))
        XCTAssertTrue(html.contains("@media (prefers-color-scheme:dark)"))
        XCTAssertTrue(html.contains("viewBox=\"0 0 560 250\""), "charts scale with the page")
    }

    func testHistogramBarsGatherTheFineBucketsTenToADecade() {
        let fine = [Report.Bucket(fromMs: 1.0, toMs: 1.01, count: 3), Report.Bucket(fromMs: 1.1, toMs: 1.11, count: 2),
                    Report.Bucket(fromMs: 1.3, toMs: 1.31, count: 4), Report.Bucket(fromMs: 40, toMs: 40.5, count: 1)]
        let bins = SVGChart.bins(fine)
        XCTAssertEqual(bins.map(\.count), [5, 4, 1], "1.0 and 1.1 share the bin 1…1.26; 1.3 is the next; 40 far on")
        XCTAssertEqual(bins[0].fromMs, 1, accuracy: 1e-9)
        XCTAssertEqual(bins[0].toMs, pow(10, 0.1), accuracy: 1e-9)
        XCTAssertEqual(bins.map(\.count).reduce(0, +), fine.map(\.count).reduce(0, +), "nothing lost")
    }

    func testChartTicksAreRound() {
        XCTAssertEqual(SVGChart.niceTicks(97), [0, 50], "steps of 1, 2 or 5 × 10ⁿ, about four of them")
        XCTAssertEqual(SVGChart.niceTicks(10), [0, 5, 10])
        XCTAssertEqual(SVGChart.niceTicks(0.9), [0, 0.5])
        XCTAssertEqual(SVGChart.logTicks(0.3, 250), [1, 10, 100])
    }
}
