import SeededRandom
import Synchronization

/// `echo`, against a bare peer: every session sends a message at think-time pace, as a browsing
/// session sends actions, and the peer sends it back. Each echo is an action's acknowledgement,
/// so the report's CPU per action is the peer's CPU per message.
struct EchoScenario: Scenario {
    static let prefix = "e"
    /// About a browse action's frame.
    static let messageBytes = 128

    func run(_ run: LoadRun) async throws -> ScenarioOutcome {
        let inFlight = InFlightMessages()
        let sessions = run.makeRawSessions(run.options.sessions) { _, bytes, now in
            guard let number = RawMessage.number(in: bytes, prefix: Self.prefix),
                  let sentAt = inFlight.sentAt.withLock({ $0.removeValue(forKey: number) }) else {
                run.recorder.error("unexpected_message", "a message the session never sent came back")
                return
            }
            run.recorder.acknowledged(after: now - sentAt, at: now)
        }
        let ready = await run.connectRaw(sessions)
        run.recorder.steadyPhaseBegan()
        let senders = EchoSenders(run: run, sessions: ready, inFlight: inFlight)
        let phase = try await run.measurePhase { senders.start(until: $0) }
        let answered = await run.waitUntil(limit: LoadRun.settleLimit) { inFlight.sentAt.withLock { $0.isEmpty } }
        if !answered { run.recorder.error("unacknowledged", "\(inFlight.sentAt.withLock { $0.count }) messages never echoed") }
        await run.finishRaw(sessions)
        return ScenarioOutcome(cpu: phase.cpu)
    }
}

/// When each message on its way was sent, by its number.
private final class InFlightMessages: Sendable {
    let sentAt = Mutex<[Int: ContinuousClock.Instant]>([:])
}

/// Each session's sends, 0.5–1.5 think times apart, until the stop time.
private final class EchoSenders: Sendable {
    private let run: LoadRun
    private let sessions: [RawSession]
    private let inFlight: InFlightMessages
    private struct Turns {
        var rng: SeededGenerator
        var next = 0
        var stopAt = ContinuousClock.now
    }

    private let turns: Mutex<Turns>

    init(run: LoadRun, sessions: [RawSession], inFlight: InFlightMessages) {
        self.run = run
        self.sessions = sessions
        self.inFlight = inFlight
        turns = Mutex(Turns(rng: SeededGenerator(seed: run.options.seed)))
    }

    func start(until stopAt: ContinuousClock.Instant) {
        turns.withLock { $0.stopAt = stopAt }
        for session in sessions { schedule(session) }
    }

    private func schedule(_ session: RawSession) {
        let delay = turns.withLock { Duration.seconds(run.options.thinkTime * Double.random(in: 0.5..<1.5, using: &$0.rng)) }
        run.scheduler.after(delay) { self.send(session) }
    }

    private func send(_ session: RawSession) {
        let number = turns.withLock { turns -> Int? in
            guard ContinuousClock.now < turns.stopAt else { return nil }
            defer { turns.next += 1 }
            return turns.next
        }
        guard let number else { return }
        inFlight.sentAt.withLock { $0[number] = .now }
        if !session.send(RawMessage.make(prefix: EchoScenario.prefix, number: number, size: EchoScenario.messageBytes)) {
            inFlight.sentAt.withLock { $0[number] = nil }
            return
        }
        schedule(session)
    }
}
