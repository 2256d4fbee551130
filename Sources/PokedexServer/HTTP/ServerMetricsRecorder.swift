import Composable
import ProcessStats
import Synchronization

/// The server's counters, exported at `/metrics` in Prometheus' text format.
final class ServerMetricsRecorder: Sendable {
    /// Upper bounds of the action-to-patch latency histogram, in seconds. Nearly every action
    /// takes well under a millisecond here, hence the fine low end (the load tester reports the
    /// server's own percentiles from it).
    static let latencyBuckets: [Double] = [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1]

    private struct Counters {
        var sessions = 0
        var errors: [String: Int] = [:]
        var resumedByPatches = 0
        var resumedBySnapshot = 0
        var restoredFromStorage = 0
        /// By `LimitKind.rawValue`: a fixed array, so counting a refusal allocates nothing.
        var limitRefusals = [Int](repeating: 0, count: LimitKind.allCases.count)
        var rateLimitCloses = 0
    }

    private let counters = Mutex(Counters())

    /// The patches and bytes the sessions of one executor (a service thread) sent: counted
    /// for every member a fan-out reaches, from every service thread at once, each thread on a
    /// line of its own (padded on both sides), summed when read. One pair for all was a line
    /// both threads wrote, passed between their cores for every member.
    final class SendCounts: Sendable {
        private let before: (Int, Int, Int, Int, Int, Int) = (0, 0, 0, 0, 0, 0)
        fileprivate let patches = Atomic<Int>(0)
        fileprivate let bytesOut = Atomic<Int>(0)
        private let after: (Int, Int, Int, Int, Int, Int, Int, Int) = (0, 0, 0, 0, 0, 0, 0, 0)

        func patchSent() { patches.add(1, ordering: .relaxed) }
        func bytesSent(_ count: Int) { bytesOut.add(count, ordering: .relaxed) }
    }

    /// By executor (`sendCounts(for:)`).
    private let sendCounts = PerExecutor { _ in SendCounts() }

    /// The actions the sessions of one executor processed, and how long each took: one lock
    /// and tally per service thread, on lines of their own (padded on both sides), summed when
    /// read. One for all was a lock and two lines both threads wrote, passed between their
    /// cores for every action.
    final class ActionCounts: Sendable {
        private let before: (Int, Int, Int, Int, Int, Int) = (0, 0, 0, 0, 0, 0)
        fileprivate let tally = Mutex(ActionTally())
        private let after: (Int, Int, Int, Int, Int, Int, Int, Int) = (0, 0, 0, 0, 0, 0, 0, 0)

        func processed(latency: Duration) {
            // One split of the 128-bit duration (each `components` divides it).
            let (whole, attoseconds) = latency.components
            let seconds = Double(whole) + Double(attoseconds) / 1e18
            let bucket = ServerMetricsRecorder.latencyBuckets.firstIndex { seconds <= $0 } ?? ServerMetricsRecorder.latencyBuckets.count
            tally.withLock {
                $0.actions += 1
                $0.latencyCounts[bucket] += 1
                $0.latencySum += seconds
            }
        }
    }

    fileprivate struct ActionTally {
        var actions = 0
        var latencyCounts = [Int](repeating: 0, count: ServerMetricsRecorder.latencyBuckets.count + 1)
        var latencySum = 0.0

        mutating func add(_ other: ActionTally) {
            actions += other.actions
            for index in latencyCounts.indices { latencyCounts[index] += other.latencyCounts[index] }
            latencySum += other.latencySum
        }
    }

    /// By executor (`actionCounts(for:)`); `unplaced` counts what is not a session's action
    /// on an executor (`actionProcessed(latency:)`).
    private let actionCounts = PerExecutor { _ in ActionCounts() }
    private let unplaced = ActionCounts()

    /// What the sessions running on `executor` count their processed actions in.
    func actionCounts(for executor: any StoreExecutor) -> ActionCounts {
        actionCounts.value(for: executor)
    }

    /// Every executor's actions and latencies, summed.
    private var actions: ActionTally {
        var sum = unplaced.tally.withLock { $0 }
        for counts in actionCounts.all { sum.add(counts.tally.withLock { $0 }) }
        return sum
    }

    func sessionOpened() { counters.withLock { $0.sessions += 1 } }
    func sessionClosed() { counters.withLock { $0.sessions -= 1 } }
    /// What the sessions running on `executor` count their sends in.
    func sendCounts(for executor: any StoreExecutor) -> SendCounts {
        sendCounts.value(for: executor)
    }

    /// Patches and bytes sent, over every executor's counts.
    private var sent: (patches: Int, bytes: Int) {
        sendCounts.all.reduce((0, 0)) { ($0.0 + $1.patches.load(ordering: .relaxed), $0.1 + $1.bytesOut.load(ordering: .relaxed)) }
    }
    func error(_ code: String) { counters.withLock { $0.errors[code, default: 0] += 1 } }
    /// A resume of a session this process did not hold, rebuilt from its saved screen.
    func restored() {
        counters.withLock { $0.restoredFromStorage += 1 }
    }
    func limitRefused(_ kind: LimitKind) { counters.withLock { $0.limitRefusals[kind.rawValue] += 1 } }
    func rateLimitClosed() { counters.withLock { $0.rateLimitCloses += 1 } }

    func resumed(byPatches: Bool) {
        counters.withLock { if byPatches { $0.resumedByPatches += 1 } else { $0.resumedBySnapshot += 1 } }
    }

    /// An action processed off any executor's counts (a session counts in `actionCounts(for:)`).
    func actionProcessed(latency: Duration) {
        unplaced.processed(latency: latency)
    }

    var openSessions: Int { counters.withLock { $0.sessions } }

    /// Prometheus text exposition. `draining`: shutdown has begun (`/healthz` answers 503).
    func render(connections: Int, draining: Bool) -> String {
        let c = counters.withLock { $0 }
        let sent = self.sent
        let actions = self.actions
        var lines = [
            "# HELP pokedex_draining 1 once shutdown has begun: the instance takes no new sessions.",
            "# TYPE pokedex_draining gauge", "pokedex_draining \(draining ? 1 : 0)",
            "# HELP pokedex_sessions Sessions with a Store (connected or within the resume grace period).",
            "# TYPE pokedex_sessions gauge", "pokedex_sessions \(c.sessions)",
            "# HELP pokedex_connections Open websocket connections.",
            "# TYPE pokedex_connections gauge", "pokedex_connections \(connections)",
            "# TYPE pokedex_actions_total counter", "pokedex_actions_total \(actions.actions)",
            "# TYPE pokedex_patches_total counter", "pokedex_patches_total \(sent.patches)",
            "# TYPE pokedex_bytes_out_total counter", "pokedex_bytes_out_total \(sent.bytes)",
            "# TYPE pokedex_resumes_total counter",
            "pokedex_resumes_total{by=\"patches\"} \(c.resumedByPatches)",
            "pokedex_resumes_total{by=\"snapshot\"} \(c.resumedBySnapshot)",
            "pokedex_resumes_total{by=\"saved_state\"} \(c.restoredFromStorage)",
            "# TYPE pokedex_errors_total counter",
        ]
        lines += c.errors.sorted { $0.key < $1.key }.map { "pokedex_errors_total{code=\"\($0.key)\"} \($0.value)" }
        lines += ["# HELP pokedex_limit_refusals_total Frames, hellos and operations refused by a limit (--limit-…).",
                  "# TYPE pokedex_limit_refusals_total counter"]
        lines += LimitKind.allCases.map { "pokedex_limit_refusals_total{limit=\"\($0.label)\"} \(c.limitRefusals[$0.rawValue])" }
        lines += ["# HELP pokedex_rate_limit_closes_total Connections closed with 1008 for sending on while rate-limited.",
                  "# TYPE pokedex_rate_limit_closes_total counter", "pokedex_rate_limit_closes_total \(c.rateLimitCloses)"]
        lines += ["# HELP pokedex_action_latency_seconds From an action frame's arrival to its state being sent.",
                  "# TYPE pokedex_action_latency_seconds histogram"]
        var cumulative = 0
        for (index, bound) in Self.latencyBuckets.enumerated() {
            cumulative += actions.latencyCounts[index]
            lines.append("pokedex_action_latency_seconds_bucket{le=\"\(bound)\"} \(cumulative)")
        }
        lines.append("pokedex_action_latency_seconds_bucket{le=\"+Inf\"} \(actions.actions)")
        lines.append("pokedex_action_latency_seconds_sum \(actions.latencySum)")
        lines.append("pokedex_action_latency_seconds_count \(actions.actions)")
        // The process's own use, under the names Prometheus' client libraries give them, so a
        // dashboard (and the load tester) can follow the server without access to its host.
        if let cpu = ProcessCPU.seconds() {
            lines += ["# HELP process_cpu_seconds_total User and system CPU time of the server process.",
                      "# TYPE process_cpu_seconds_total counter", "process_cpu_seconds_total \(cpu)"]
        }
        if let kib = ProcessMemory.residentKiB() {
            lines += ["# HELP process_resident_memory_bytes Resident memory of the server process.",
                      "# TYPE process_resident_memory_bytes gauge", "process_resident_memory_bytes \(kib * 1024)"]
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
