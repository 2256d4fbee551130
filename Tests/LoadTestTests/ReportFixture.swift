@testable import LoadTest

/// A small finished run: four actions, two sessions, one error allowed.
func sampleReport(errors: [String: Int] = [:], convergence: Convergence? = Convergence(checked: 2, matched: 2)) -> Report {
    var tallies = Recorder.Tallies()
    for microseconds in [500, 1_000, 1_500, 40_000] { tallies.action.record(microseconds: microseconds) }
    tallies.actionBySecond = [LatencyHistogram(), tallies.action]
    tallies.connect.record(microseconds: 2_000)
    tallies.ready = 2
    tallies.actionsSent = 4
    tallies.actionsByKind = ["navigate": 1, "list.rowTapped": 3]
    tallies.patchesReceived = 6
    tallies.bytesIn = 1_234
    tallies.bytesOut = 567
    tallies.errors = errors
    tallies.closeCodes = [1000: 2, 1006: 1]
    var options = LoadOptions()
    options.sessions = 2
    options.maxErrors = 1
    return Report(options: options, tallies: tallies, outcome: ScenarioOutcome(convergence: convergence), elapsed: .seconds(3))
}
