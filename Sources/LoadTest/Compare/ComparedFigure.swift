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

    static let all: [ComparedFigure] = [
        .init(name: "sessions connected", unit: "", path: ["connectedSessions"], better: .higher, gated: false),
        .init(name: "connects/s", unit: "/s", path: ["connectsPerSecond"], better: .higher, gated: false),
        .init(name: "connect p50", unit: "ms", path: ["connect", "p50"], better: .lower, gated: false),
        .init(name: "connect p95", unit: "ms", path: ["connect", "p95"], better: .lower, gated: false),
        .init(name: "connect p99", unit: "ms", path: ["connect", "p99"], better: .lower, gated: true),
        .init(name: "action→patch p50", unit: "ms", path: ["actionToPatch", "p50"], better: .lower, gated: false),
        .init(name: "action→patch p95", unit: "ms", path: ["actionToPatch", "p95"], better: .lower, gated: false),
        .init(name: "action→patch p99", unit: "ms", path: ["actionToPatch", "p99"], better: .lower, gated: true),
        .init(name: "action→patch max", unit: "ms", path: ["actionToPatch", "max"], better: .lower, gated: false),
        .init(name: "steady action→patch p50", unit: "ms", path: ["steadyActionToPatch", "p50"], better: .lower, gated: false),
        .init(name: "steady action→patch p99", unit: "ms", path: ["steadyActionToPatch", "p99"], better: .lower, gated: true),
        .init(name: "fan-out p50", unit: "ms", path: ["fanout", "p50"], better: .lower, gated: false),
        .init(name: "fan-out p99", unit: "ms", path: ["fanout", "p99"], better: .lower, gated: true),
        .init(name: "fan-out to each member p99", unit: "ms", path: ["fanoutToEachMember", "p99"], better: .lower, gated: true),
        .init(name: "actions/s", unit: "/s", path: ["actionsPerSecond"], better: .higher, gated: false),
        .init(name: "patches/s", unit: "/s", path: ["patchesPerSecond"], better: .higher, gated: false),
        .init(name: "bytes in", unit: "B", path: ["bytesIn"], better: .lower, gated: false),
        .init(name: "bytes out", unit: "B", path: ["bytesOut"], better: .lower, gated: false),
        .init(name: "errors", unit: "", path: ["errorCount"], better: .lower, gated: false),
        .init(name: "error rate", unit: "%", path: ["errorPercent"], better: .lower, gated: true),
        .init(name: "server cores", unit: "", path: ["cpu", "server", "cores"], better: .lower, gated: false),
        .init(name: "server µs an action", unit: "µs", path: ["cpu", "server", "microsPerAction"], better: .lower, gated: false),
        .init(name: "tester cores", unit: "", path: ["cpu", "tester", "cores"], better: .lower, gated: false),
        .init(name: "server RSS per session", unit: "KiB", path: ["serverMemory", "kibPerSession"], better: .lower, gated: false),
        .init(name: "resume seconds", unit: "s", path: ["resume", "seconds"], better: .lower, gated: false),
        .init(name: "writes/s", unit: "/s", path: ["writes", "perSecond"], better: .higher, gated: false),
        .init(name: "failover seconds", unit: "s", path: ["failover", "seconds"], better: .lower, gated: false),
    ]
}
