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
        let senders = PacedSends(run: run, sessions: ready) { session, number in
            inFlight.sentAt.withLock { $0[number] = .now }
            let sent = session.send(RawMessage.make(prefix: Self.prefix, number: number, size: Self.messageBytes))
            if !sent { inFlight.sentAt.withLock { $0[number] = nil } }
            return sent
        }
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
