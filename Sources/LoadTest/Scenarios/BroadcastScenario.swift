import SeededRandom
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
        let writers = BroadcastWriters(run: run, tracker: tracker, writers: Array(ready.prefix(FavoritesScenario.maxWriters)))
        let phase = try await run.measurePhase { writers.start(until: $0) }
        let done = await run.waitUntil(limit: LoadRun.settleLimit) { tracker.pending == 0 }
        if !done { run.recorder.error("fanout_incomplete", "\(tracker.pending) broadcasts never reached every connection") }
        await run.finishRaw(sessions)
        return ScenarioOutcome(cpu: phase.cpu)
    }
}

/// Broadcasts on their way: each is done when every connection has it.
private final class BroadcastTracker: Sendable {
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

/// The writers: each sends a broadcast 0.5–1.5 think times after its last, until the stop time.
private final class BroadcastWriters: Sendable {
    private let run: LoadRun
    private let tracker: BroadcastTracker
    private let writers: [RawSession]
    private struct Turns {
        var rng: SeededGenerator
        var next = 0
        var stopAt = ContinuousClock.now
    }

    private let turns: Mutex<Turns>

    init(run: LoadRun, tracker: BroadcastTracker, writers: [RawSession]) {
        self.run = run
        self.tracker = tracker
        self.writers = writers
        turns = Mutex(Turns(rng: SeededGenerator(seed: run.options.seed)))
    }

    func start(until stopAt: ContinuousClock.Instant) {
        turns.withLock { $0.stopAt = stopAt }
        for writer in writers { schedule(writer) }
    }

    private func schedule(_ writer: RawSession) {
        let delay = turns.withLock { Duration.seconds(run.options.thinkTime * Double.random(in: 0.5..<1.5, using: &$0.rng)) }
        run.scheduler.after(delay) { self.write(writer) }
    }

    private func write(_ writer: RawSession) {
        let number = turns.withLock { turns -> Int? in
            guard ContinuousClock.now < turns.stopAt else { return nil }
            defer { turns.next += 1 }
            return turns.next
        }
        guard let number else { return }
        tracker.begin(number)
        if !writer.send(RawMessage.make(prefix: BroadcastScenario.prefix, number: number, size: BroadcastScenario.messageBytes)) {
            tracker.cancel(number)
            return
        }
        schedule(writer)
    }
}
