import StateSync
import Synchronization

/// `browse`: every session loads the list, scrolls, searches, opens and closes details with
/// think time between actions; at the end every copy is compared with a fresh snapshot.
struct BrowseScenario: Scenario {
    func run(_ run: LoadRun) async throws -> ScenarioOutcome {
        let options = run.options
        let walkers = BrowseWalkers(run: run)
        let sessions = run.makeSessions(options.sessions, observer: walkers)
        await run.ramp(sessions) { $0.connect() }
        await run.waitUntilSettled(sessions, what: "connect")
        run.recorder.steadyPhaseBegan()
        let phase = try await run.measurePhase { walkers.stop(at: $0) }
        await run.settle(sessions)
        return ScenarioOutcome(convergence: await run.verify(sessions), cpu: phase.cpu, serverLatency: phase.serverLatency)
    }
}

/// Drives each ready session through its `BrowsePlan` on the scheduler until the stop time.
final class BrowseWalkers: SessionObserver {
    private struct Walk {
        var plans: [Int: BrowsePlan] = [:]
        /// nil while sessions are still connecting: they act meanwhile.
        var stopAt: ContinuousClock.Instant?
    }

    private let run: LoadRun
    private let walk = Mutex(Walk())

    init(run: LoadRun) {
        self.run = run
    }

    func stop(at instant: ContinuousClock.Instant) {
        walk.withLock { $0.stopAt = instant }
    }

    func sessionIsReady(_ session: SimulatedSession) {
        let seed = run.options.seed &* 0x1_0000_0001 &+ UInt64(session.index)
        let delay = walk.withLock { walk in
            var plan = BrowsePlan(seed: seed)
            defer { walk.plans[session.index] = plan }
            return plan.thinkTime(mean: run.options.thinkTime)
        }
        run.scheduler.after(delay) { self.step(session) }
    }

    private func step(_ session: SimulatedSession) {
        guard let state = session.state else { return }
        let answers = session.answers
        let next = walk.withLock { walk -> (action: JSONValue, delay: Duration)? in
            if let stopAt = walk.stopAt, ContinuousClock.now >= stopAt { return nil }
            guard var plan = walk.plans[session.index] else { return nil }
            defer { walk.plans[session.index] = plan }
            return (plan.nextAction(for: state, awaitingAnswer: answers.pending > 0, lastAnswerAt: answers.lastAt), plan.thinkTime(mean: run.options.thinkTime))
        }
        guard let next, session.send(next.action) != nil else { return }
        run.scheduler.after(next.delay) { self.step(session) }
    }
}
