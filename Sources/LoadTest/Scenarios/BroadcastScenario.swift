import Synchronization

/// `broadcast`, against a bare peer: every session stays connected, and up to ten writers each
/// send a broadcast at think-time pace (as the favorites scenario's writers star), which the
/// peer sends to every connection. A broadcast's fan-out time is from its send to the last
/// connection having it, as a star's is to the last member's copy showing it.
struct BroadcastScenario: Scenario {
    static let prefix = "!"
    /// About a star's patch.
    static let messageBytes = 96

    func run(_ run: LoadRun) async throws -> ScenarioOutcome {
        let tracker = BroadcastTracker(recorder: run.recorder)
        let sessions = run.makeRawSessions(run.options.sessions) { _, bytes, now in
            guard let number = RawMessage.number(in: bytes, prefix: Self.prefix) else {
                run.recorder.error("unexpected_message", "a message other than a broadcast arrived")
                return
            }
            tracker.reached(number, at: now)
        }
        let ready = await run.connectRaw(sessions)
        tracker.members = ready.count
        let writers = PacedSends(run: run, sessions: Array(ready.prefix(FavoritesScenario.maxWriters))) { writer, number in
            tracker.begin(number)
            let sent = writer.send(RawMessage.make(prefix: Self.prefix, number: number, size: Self.messageBytes))
            if !sent { tracker.cancel(number) }
            return sent
        }
        let phase = try await run.measurePhase { writers.start(until: $0) }
        let done = await run.waitUntil(limit: LoadRun.settleLimit) { tracker.pending == 0 }
        if !done { run.recorder.error("fanout_incomplete", "\(tracker.pending) broadcasts never reached every connection") }
        await run.finishRaw(sessions)
        return ScenarioOutcome(cpu: phase.cpu)
    }
}

/// Broadcasts on their way: each is done when every connection has it.
final class BroadcastTracker: Sendable {
    private struct Broadcast {
        var sentAt: ContinuousClock.Instant
        var waiting: Int
        var reached = LatencyHistogram()
    }

    private let recorder: Recorder
    private let broadcasts = Mutex<[Int: Broadcast]>([:])
    private let memberCount = Atomic<Int>(0)

    init(recorder: Recorder) {
        self.recorder = recorder
    }

    var members: Int {
        get { memberCount.load(ordering: .relaxed) }
        set { memberCount.store(newValue, ordering: .relaxed) }
    }

    var pending: Int { broadcasts.withLock { $0.count } }

    func begin(_ number: Int) {
        let members = members
        broadcasts.withLock { $0[number] = Broadcast(sentAt: .now, waiting: members) }
    }

    func cancel(_ number: Int) {
        broadcasts.withLock { $0[number] = nil }
    }

    func reached(_ number: Int, at now: ContinuousClock.Instant) {
        broadcasts.withLock { broadcasts in
            guard let index = broadcasts.index(forKey: number) else { return }
            let elapsed = now - broadcasts.values[index].sentAt
            broadcasts.values[index].reached.record(elapsed)
            broadcasts.values[index].waiting -= 1
            if broadcasts.values[index].waiting == 0 {
                recorder.fannedOut(after: elapsed, reachingEach: broadcasts.values[index].reached)
                broadcasts.remove(at: index)
            }
        }
    }
}
