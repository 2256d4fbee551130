import WebSocketServer

/// One run's shared machinery: the websocket clients (`--loops` service threads, one by default),
/// the recorder, the think-time scheduler, and the waves scenarios are built from.
final class LoadRun: Sendable {
    /// Open files this process asks for: as many as the machine allows a process.
    static let fileLimit = 20_000
    /// Quiet time before comparing copies: longer than the server's search debounce, so a
    /// search the last action started has landed.
    static let quietPeriod: Duration = .milliseconds(600)
    static let settleLimit: Duration = .seconds(15)

    let options: LoadOptions
    let recorder: Recorder
    let environment: SessionEnvironment
    let scheduler = Scheduler()

    init(options: LoadOptions) throws {
        self.options = options
        FileLimit.raise(to: Self.fileLimit)
        recorder = Recorder()
        environment = SessionEnvironment(
            clients: try (0..<options.loops).map { _ in try WebSocketClient(configuration: options.clientConfiguration) },
            targets: options.targets, sources: options.sources, recorder: recorder)
    }

    func shutdown() {
        scheduler.stop()
        for client in environment.clients { client.shutdown() }
    }

    func makeSessions(_ count: Int, observer: any SessionObserver, startingAt first: Int = 0) -> [SimulatedSession] {
        (first..<first + count).map { SimulatedSession(index: $0, environment: environment, observer: observer) }
    }

    /// A wave: calls `start` for each session at `--ramp` sessions per second.
    func ramp<Session>(_ sessions: [Session], _ start: (Session) -> Void) async {
        let began = ContinuousClock.now
        for (position, session) in sessions.enumerated() {
            let due = began + .seconds(Double(position) / options.ramp)
            if due - .now > .milliseconds(5) { try? await Task.sleep(until: due) }
            start(session)
        }
    }

    /// How long a wave of `count` may take before its stragglers count as failed: the ramp, a
    /// minute, and a slack per session, so a slow server (a cluster creating users) still finishes.
    func waveLimit(_ count: Int) -> Duration {
        .seconds(Double(count) / options.ramp + 60 + Double(count) * 0.02)
    }

    /// Polls `condition` until it holds or `limit` passes; returns whether it held.
    func waitUntil(limit: Duration, _ condition: () -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + limit
        while !condition() {
            if ContinuousClock.now >= deadline { return false }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return true
    }

    /// Waits until every session awaits nothing; the stragglers are errors.
    @discardableResult
    func waitUntilSettled(_ sessions: [SimulatedSession], what: String) async -> Bool {
        if await waitUntil(limit: waveLimit(sessions.count), { sessions.allSatisfy { $0.phase.isSettled } }) { return true }
        let stuck = sessions.filter { !$0.phase.isSettled }
        recorder.error("timeout", "\(stuck.count) sessions still waiting to \(what)")
        return false
    }

    /// Waits for every action's ack and then for the server to go quiet, so the copies can be
    /// compared with fresh snapshots.
    func settle(_ sessions: [SimulatedSession]) async {
        let settled = await waitUntil(limit: Self.settleLimit) {
            sessions.allSatisfy { $0.pendingActions == 0 }
                && ContinuousClock.now - recorder.lastReceivedAt >= Self.quietPeriod
        }
        if !settled {
            recorder.error("unacknowledged", "\(sessions.reduce(0) { $0 + $1.pendingActions }) actions never acknowledged")
        }
    }

    /// Reconnects every ready session for a fresh snapshot and compares it with the copy.
    func verify(_ sessions: [SimulatedSession]) async -> Convergence {
        let candidates = sessions.filter { $0.phase == .ready || $0.phase == .dropped }
        await ramp(candidates) { $0.verify() }
        await waitUntilSettled(candidates, what: "verify")
        let verified = recorder.read { $0.verified }
        return Convergence(checked: candidates.count, matched: verified, detail: nil)
    }
}

/// Whether the sessions' copies ended equal to the server's state.
struct Convergence: Sendable, Equatable {
    var checked: Int
    var matched: Int
    /// Why it failed beyond mismatching copies (e.g. favorites that differ between members).
    var detail: String?

    var passed: Bool { checked > 0 && matched == checked && detail == nil }
}
