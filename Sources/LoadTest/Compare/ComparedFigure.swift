/// The figures `--compare` sets beside a baseline's: where each is in the JSON report, which
/// way is better, and whether a regression of it fails the run (the p99s and the error rate:
/// what CI gates on; the others are shown for context).
struct ComparedFigure: Sendable {
    enum Better: Sendable { case lower, higher }

    var name: String
    var unit: String
    /// Keys into the report's JSON object.
    var path: [String]
    var better: Better
    var gated: Bool

    static let all: [ComparedFigure] = Array([
        [
            .init(name: "sessions connected", unit: "", path: ["connectedSessions"], better: .higher, gated: false),
            rate("connects/s", ["connectsPerSecond"]),
        ],
        latency("connect", ["connect"], ["p50", "p95", "p99"]),
        latency("action→patch", ["actionToPatch"], ["p50", "p95", "p99", "max"]),
        latency("steady action→patch", ["steadyActionToPatch"], ["p50", "p99"]),
        latency("fan-out", ["fanout"], ["p50", "p99"]),
        latency("fan-out to each member", ["fanoutToEachMember"], ["p99"]),
        [
            rate("actions/s", ["actionsPerSecond"]),
            rate("patches/s", ["patchesPerSecond"]),
            .init(name: "bytes in", unit: "B", path: ["bytesIn"], better: .lower, gated: false),
            .init(name: "bytes out", unit: "B", path: ["bytesOut"], better: .lower, gated: false),
            .init(name: "errors", unit: "", path: ["errorCount"], better: .lower, gated: false),
            .init(name: "error rate", unit: "%", path: ["errorPercent"], better: .lower, gated: true),
            .init(name: "server cores", unit: "", path: ["cpu", "server", "cores"], better: .lower, gated: false),
            .init(name: "server µs an action", unit: "µs", path: ["cpu", "server", "microsPerAction"], better: .lower, gated: false),
            .init(name: "tester cores", unit: "", path: ["cpu", "tester", "cores"], better: .lower, gated: false),
            .init(name: "server RSS per session", unit: "KiB", path: ["serverMemory", "kibPerSession"], better: .lower, gated: false),
            .init(name: "resume seconds", unit: "s", path: ["resume", "seconds"], better: .lower, gated: false),
            rate("writes/s", ["writes", "perSecond"]),
            .init(name: "failover seconds", unit: "s", path: ["failover", "seconds"], better: .lower, gated: false),
        ],
    ].joined())

    /// A latency's figures (`Report.Latency`'s fields), in milliseconds: lower is better, and
    /// only the p99 is gated.
    private static func latency(_ name: String, _ path: [String], _ fields: [String]) -> [ComparedFigure] {
        fields.map { .init(name: "\(name) \($0)", unit: "ms", path: path + [$0], better: .lower, gated: $0 == "p99") }
    }

    /// A rate, per second: higher is better; shown, not gated.
    private static func rate(_ name: String, _ path: [String]) -> ComparedFigure {
        .init(name: name, unit: "/s", path: path, better: .higher, gated: false)
    }
}
