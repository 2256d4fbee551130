import StateSync
import Synchronization

/// Runs a scenario file: sessions join and leave as the stages' target moves (checked every
/// `tick`), each walking the file's action mix; at the end every session that got ready is
/// compared with a fresh snapshot, as in `browse`.
struct ScriptedScenario: Scenario {
    static let tick: Duration = .milliseconds(100)

    let file: ScenarioFile

    func run(_ run: LoadRun) async throws -> ScenarioOutcome {
        let options = run.options
        let plan = StagePlan(file.stages)
        let walkers = MixWalkers(run: run, file: file)
        let sessions = run.makeSessions(plan.sessionsNeeded, observer: walkers)
        let meter = CPUMeter(serverPIDs: options.serverPIDs, recorder: run.recorder)
        let serverLatency = await ServerLatencyMeter(targets: options.targets, trust: options.httpTrust)
        let began = ContinuousClock.now
        // Sessions [left, next) are active; joining takes the next unused, leaving the oldest.
        var next = 0, left = 0
        while true {
            let elapsed = (ContinuousClock.now - began).seconds
            let target = plan.target(at: elapsed)
            while next - left < target, next < sessions.count {
                sessions[next].connect()
                next += 1
            }
            while next - left > target {
                walkers.retire(sessions[left])
                left += 1
            }
            if elapsed >= plan.totalSeconds { break }
            try await Task.sleep(for: Self.tick)
        }
        walkers.stop()
        let cpu = meter.finish()
        let serverActions = await serverLatency.finish()
        let started = Array(sessions[..<next])
        await run.waitUntilSettled(started, what: "connect")
        await run.settle(started)
        return ScenarioOutcome(convergence: await run.verify(started), cpu: cpu, serverLatency: serverActions,
                               sessionsStarted: started.count)
    }
}

/// Walks each ready session through its `MixPlan` on the scheduler until it is retired or the
/// run stops.
final class MixWalkers: SessionObserver {
    private struct Walk {
        var plans: [Int: MixPlan] = [:]
        var retired: Set<Int> = []
        var stopped = false
    }

    private let run: LoadRun
    private let file: ScenarioFile
    private let walk = Mutex(Walk())

    init(run: LoadRun, file: ScenarioFile) {
        self.run = run
        self.file = file
    }

    static let leaveCheck: Duration = .milliseconds(50)

    /// The session leaves: no more actions, and its connection closes once it is quiet.
    func retire(_ session: SimulatedSession) {
        walk.withLock { _ = $0.retired.insert(session.index) }
        leaveWhenQuiet(session)
    }

    /// Closes a retired session once it is ready, its actions are answered and nothing came for
    /// `LoadRun.quietPeriod` (a search's results follow its answer after the server's debounce):
    /// closed earlier, its copy would stay behind the server's and fail the final comparison.
    /// Once the run stops, the final comparison takes the session over as it is.
    private func leaveWhenQuiet(_ session: SimulatedSession) {
        let phase = session.phase
        let answers = session.answers
        let quiet = answers.pending == 0 && (answers.lastAt.map { .now - $0 >= LoadRun.quietPeriod } ?? true)
        let waiting = walk.withLock { walk -> Bool in
            guard !walk.stopped, phase == .ready else { return false }
            if quiet { session.finish() }
            return !quiet
        }
        // Still connecting: `sessionIsReady` comes back here.
        if waiting { run.scheduler.after(Self.leaveCheck) { self.leaveWhenQuiet(session) } }
    }

    func stop() {
        walk.withLock { $0.stopped = true }
    }

    func sessionIsReady(_ session: SimulatedSession) {
        if walk.withLock({ $0.retired.contains(session.index) }) { return leaveWhenQuiet(session) }
        let seed = run.options.seed &* 0x1_0000_0001 &+ UInt64(session.index)
        let delay = walk.withLock { walk in
            var plan = MixPlan(file: file, seed: seed)
            defer { walk.plans[session.index] = plan }
            return plan.thinkTime()
        }
        run.scheduler.after(delay) { self.step(session) }
    }

    private func step(_ session: SimulatedSession) {
        guard let state = session.state else { return }
        let awaiting = session.pendingActions > 0
        let next = walk.withLock { walk -> (action: JSONValue?, delay: Duration)? in
            guard !walk.stopped, !walk.retired.contains(session.index), var plan = walk.plans[session.index] else { return nil }
            defer { walk.plans[session.index] = plan }
            return (plan.nextAction(for: state, awaitingAnswer: awaiting), plan.thinkTime())
        }
        guard let next else { return }
        if let action = next.action, session.send(action) == nil { return }
        run.scheduler.after(next.delay) { self.step(session) }
    }
}
