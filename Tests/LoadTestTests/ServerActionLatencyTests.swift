@testable import LoadTest
@testable import PokedexServer
import XCTest

/// The server's action-latency histogram as the load tester reads it from `/metrics`: the page
/// comes from the server's own recorder, so a change to either side's format shows here.
final class ServerActionLatencyTests: XCTestCase {
    private func page(_ latenciesInMicroseconds: [Int]) -> String {
        let metrics = ServerMetricsRecorder()
        for micros in latenciesInMicroseconds { metrics.actionProcessed(latency: .microseconds(micros)) }
        return metrics.render(connections: 0, draining: false)
    }

    func testReadsEveryBucketOfTheServersPage() throws {
        let histogram = try XCTUnwrap(ServerActionLatency(metrics: page([50, 80, 300, 300, 700, 2_000_000])))
        XCTAssertEqual(histogram.bounds, ServerMetricsRecorder.latencyBuckets)
        XCTAssertEqual(histogram.total, 6)
        XCTAssertEqual(histogram.counts[0], 2, "two within 0.1 ms")
        XCTAssertEqual(histogram.counts[2], 2, "two in (0.25, 0.5] ms")
        XCTAssertEqual(histogram.counts[3], 1, "one in (0.5, 1] ms")
        XCTAssertEqual(histogram.counts.last, 1, "one past the last bound")
    }

    func testAPhaseIsTheDifferenceOfTwoReads() throws {
        let before = try XCTUnwrap(ServerActionLatency(metrics: page([50, 4_000])))
        let after = try XCTUnwrap(ServerActionLatency(metrics: page([50, 4_000, 200, 200, 200, 900])))
        let phase = try XCTUnwrap(after.since(before))
        XCTAssertEqual(phase.total, 4)
        XCTAssertEqual(phase.counts[1], 3)
        XCTAssertEqual(phase.counts[3], 1)
        let otherBounds = ServerActionLatency(bounds: [0.001], counts: [1, 0])
        XCTAssertNil(after.since(otherBounds), "another server's buckets")
    }

    func testPercentilesAreTheBoundsOfTheirBuckets() throws {
        // 98 actions within 0.1 ms, one at 0.8 ms, one at 3 ms.
        let histogram = try XCTUnwrap(ServerActionLatency(metrics: page(Array(repeating: 60, count: 98) + [800, 3_000])))
        XCTAssertEqual(histogram.percentileBoundMs(50), 0.1)
        XCTAssertEqual(histogram.percentileBoundMs(99), 1)
        XCTAssertEqual(histogram.percentileBoundMs(100), 5)
        XCTAssertEqual(histogram.share(within: 0.001), 0.99)
        XCTAssertNil(histogram.share(within: 0.003), "not a bound")
        let slow = try XCTUnwrap(ServerActionLatency(metrics: page([5_000_000])))
        XCTAssertNil(slow.percentileBoundMs(50), "past the last bound")
        XCTAssertNil(ServerActionLatency(metrics: "pokedex_sessions 3\n"), "no histogram on the page")
    }

    func testTheReportStatesTheServersShareOfTheLatency() throws {
        let histogram = try XCTUnwrap(ServerActionLatency(metrics: page(Array(repeating: 300, count: 199) + [7_000])))
        var options = LoadOptions()
        options.sessions = 2
        let report = Report(options: options, tallies: Recorder.Tallies(), outcome: ScenarioOutcome(serverLatency: histogram), elapsed: .seconds(5))
        let server = try XCTUnwrap(report.serverActionLatency)
        XCTAssertEqual(server.count, 200)
        XCTAssertEqual(server.p50AtMostMs, 0.5)
        XCTAssertEqual(server.p99AtMostMs, 0.5)
        XCTAssertEqual(server.shares.first { $0.withinMs == 5 }?.share, 0.995)
        XCTAssertTrue(report.text.contains("server's own action latency (its /metrics, same phase): 200 actions, p50 ≤ 0.50 ms, p99 ≤ 0.50 ms; "
            + "99.50% within 1.00 ms, 99.50% within 5.00 ms"), report.text)
        let empty = ServerActionLatency(bounds: histogram.bounds, counts: Array(repeating: 0, count: histogram.counts.count))
        XCTAssertNil(Report(options: options, tallies: Recorder.Tallies(), outcome: ScenarioOutcome(serverLatency: empty), elapsed: .seconds(5)).serverActionLatency)
    }
}
