import Synchronization

/// Everything measured during a run. Sessions record from the client's service thread and the
/// scheduler; the progress line and the report read it; hence the lock.
final class Recorder: Sendable {
    struct Tallies: Sendable {
        var connect = LatencyHistogram()
        var action = LatencyHistogram()
        /// Actions sent once every session of the run was connected (`steadyPhaseBegan`): the
        /// figure for N active sessions, without the connect wave's load in it.
        var steadyAction = LatencyHistogram()
        var steadySince: ContinuousClock.Instant?
        var fanout = LatencyHistogram()
        /// Of the writes that reached every member: the time each member's copy took.
        var fanoutToEach = LatencyHistogram()
        /// Action latencies by second of the run, for the latency-over-time plot.
        var actionBySecond: [LatencyHistogram] = []
        /// Actions sent and errors met, by second of the run, for the report's time series.
        var sentBySecond: [Int] = []
        var errorsBySecond: [Int] = []
        /// First connections begun (resumes and verifications not counted).
        var connectsStarted = 0
        var ready = 0
        var open = 0
        var actionsSent = 0
        /// Actions sent, by `ActionKind`.
        var actionsByKind: [String: Int] = [:]
        var patchesReceived = 0
        var bytesIn = 0
        var bytesOut = 0
        var errors: [String: Int] = [:]
        var errorExamples: [String] = []
        var closeCodes: [UInt16: Int] = [:]
        var resumedByPatches = 0
        var resumedBySnapshot = 0
        var lastResumeAt: ContinuousClock.Instant?
        var verified = 0
        /// Row taps the server refused because the row was gone by then (not errors).
        var staleTaps = 0
        var lastReceivedAt = ContinuousClock.now
        /// Activity windows, for the rates.
        var connects = Window()
        var actions = Window()
        var patches = Window()
        var errorCount: Int { errors.values.reduce(0, +) }
    }

    static let exampleLimit = 20
    let startedAt: ContinuousClock.Instant
    private let tallies = Mutex(Tallies())

    init(startedAt: ContinuousClock.Instant = .now) {
        self.startedAt = startedAt
    }

    var snapshot: Tallies { tallies.withLock { $0 } }

    var lastReceivedAt: ContinuousClock.Instant { tallies.withLock { $0.lastReceivedAt } }

    func read<T>(_ body: (Tallies) -> T) -> T { tallies.withLock { body($0) } }

    /// A first connection (not a resume) is being made.
    func connecting(at now: ContinuousClock.Instant) {
        tallies.withLock {
            $0.connects.note(now)
            $0.connectsStarted += 1
        }
    }

    func connected(after duration: Duration) {
        let now = ContinuousClock.now
        tallies.withLock {
            $0.connects.note(now)
            $0.connect.record(duration)
            $0.ready += 1
        }
    }

    func opened() { tallies.withLock { $0.open += 1 } }

    func closed(code: UInt16, expected: Bool, wasOpen: Bool) {
        tallies.withLock {
            if wasOpen { $0.open -= 1 }
            $0.closeCodes[code, default: 0] += 1
        }
        if !expected { error("closed_\(code)", "connection closed unexpectedly with \(code)") }
    }

    func connectFailed(_ message: String) {
        error("connect_failed", message)
    }

    /// A frame went out; `kind` names it if it was an action.
    func sent(bytes: Int, action kind: String?) {
        let now = ContinuousClock.now
        let second = self.second(of: now)
        tallies.withLock {
            $0.bytesOut += bytes
            if let kind {
                $0.actionsSent += 1
                $0.actionsByKind[kind, default: 0] += 1
                $0.actions.note(now)
                Self.count(second, in: &$0.sentBySecond)
            }
        }
    }

    func received(bytes: Int, isPatch: Bool) {
        let now = ContinuousClock.now
        tallies.withLock {
            $0.lastReceivedAt = now
            $0.bytesIn += bytes
            if isPatch {
                $0.patchesReceived += 1
                $0.patches.note(now)
            }
        }
    }

    /// Every session is connected: actions sent from now on also count as steady.
    func steadyPhaseBegan(at now: ContinuousClock.Instant = .now) {
        tallies.withLock { $0.steadySince = now }
    }

    func acknowledged(after duration: Duration, at now: ContinuousClock.Instant) {
        let second = self.second(of: now)
        tallies.withLock {
            $0.action.record(duration)
            if let since = $0.steadySince, now - duration >= since { $0.steadyAction.record(duration) }
            if second >= $0.actionBySecond.count {
                $0.actionBySecond += Array(repeating: LatencyHistogram(), count: second - $0.actionBySecond.count + 1)
            }
            $0.actionBySecond[second].record(duration)
        }
    }

    /// A write reached every member after `duration`, each of them after the times in `each`.
    func fannedOut(after duration: Duration, reachingEach each: LatencyHistogram) {
        tallies.withLock {
            $0.fanout.record(duration)
            $0.fanoutToEach.merge(each)
        }
    }

    func resumed(byPatches: Bool, at now: ContinuousClock.Instant) {
        tallies.withLock {
            if byPatches { $0.resumedByPatches += 1 } else { $0.resumedBySnapshot += 1 }
            $0.lastResumeAt = max($0.lastResumeAt ?? now, now)
        }
    }

    func verified() { tallies.withLock { $0.verified += 1 } }

    func staleTap() { tallies.withLock { $0.staleTaps += 1 } }

    /// One error of `kind` (a short snake_case name); the first few messages are kept as examples.
    func error(_ kind: String, _ message: String) {
        let second = self.second(of: .now)
        tallies.withLock {
            Self.count(second, in: &$0.errorsBySecond)
            $0.errors[kind, default: 0] += 1
            if $0.errorExamples.count < Self.exampleLimit { $0.errorExamples.append("\(kind): \(message)") }
        }
    }
}

extension Recorder {
    /// The whole seconds from the run's start to `instant`.
    func second(of instant: ContinuousClock.Instant) -> Int {
        max(0, Int((instant - startedAt).components.seconds))
    }

    /// Adds one to `counts[second]`, growing it as the run goes on.
    static func count(_ second: Int, in counts: inout [Int]) {
        if second >= counts.count { counts += Array(repeating: 0, count: second - counts.count + 1) }
        counts[second] += 1
    }
}

/// The first and last moment something happened.
struct Window: Sendable {
    var first: ContinuousClock.Instant?
    var last: ContinuousClock.Instant?

    mutating func note(_ instant: ContinuousClock.Instant) {
        if first == nil { first = instant }
        last = instant
    }

    /// `count` events per second over the window (0 when it is empty or a single instant).
    func rate(_ count: Int) -> Double {
        guard let first, let last, last > first else { return 0 }
        return Double(count) / (last - first).seconds
    }
}
