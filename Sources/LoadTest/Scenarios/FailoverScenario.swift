import StateSync
import WireContract

/// `failover` (cluster mode, at least two `--url`): every session opens a detail page of its
/// own; once the server has saved the screens (its saver writes a changed screen within 50 ms)
/// the tester creates `--ready-file` and waits for a target to disappear (the caller kills
/// one). Each session the kill cut off resumes, with `{session, seq}`, on a surviving target,
/// which has only the saved screen to rebuild it from. Measured: seconds from the first lost
/// connection to the last session restored, and that every session shows its own screen.
struct FailoverScenario: Scenario {
    private struct Quiet: SessionObserver {}

    /// Longer than the server's save interval, so the last screen change has been written.
    static let saveWait: Duration = .seconds(3)
    static let killWait: Duration = .seconds(120)
    static let lossLimit: Duration = .seconds(60)

    func run(_ run: LoadRun) async throws -> ScenarioOutcome {
        let options = run.options
        let sessions = run.makeSessions(options.sessions, observer: Quiet())
        await run.ramp(sessions) { $0.connect() }
        await run.waitUntilSettled(sessions, what: "connect")
        await run.settle(sessions)
        let ready = sessions.filter { $0.phase == .ready }
        for session in ready {
            session.tolerateLoss()
            session.send(ActionTable.action("navigate", ["route": .string(FailoverPlan.route(for: session.index))]))
        }
        let shown = await run.waitUntil(limit: run.waveLimit(ready.count)) {
            FailoverPlan.wrongScreens(Self.screens(ready)).isEmpty
        }
        if !shown { return ScenarioOutcome(failure: "Not every session showed its screen before the kill.") }
        await run.settle(ready)
        try await Task.sleep(for: Self.saveWait)
        if let failure = ReadyFile.write(for: options) { return failure }

        guard await run.waitUntil(limit: Self.killWait, { ready.contains { $0.phase == .dropped } }),
              let lost = ready.first(where: { $0.phase == .dropped })?.target,
              let survivor = FailoverPlan.survivor(of: options.targets, lost: lost) else {
            return ScenarioOutcome(failure: "No target went away within \(Self.killWait).")
        }
        let cutOff = ready.filter { $0.target == lost }
        var moved = Set<Int>()
        let allMoved = await run.waitUntil(limit: Self.lossLimit) {
            for session in cutOff where session.phase == .dropped && !moved.contains(session.index) {
                moved.insert(session.index)
                session.move(to: survivor)
                session.resume()
            }
            return moved.count == cutOff.count
        }
        if !allMoved { run.recorder.error("not_lost", "\(cutOff.count - moved.count) sessions of the killed target kept their connection") }
        await run.waitUntilSettled(cutOff, what: "resume on the survivor")
        let restoredAt = run.recorder.read { $0.lastResumeAt }
        let wrong = FailoverPlan.wrongScreens(Self.screens(ready.filter { $0.phase == .ready }))
        if !wrong.isEmpty { run.recorder.error("screen_lost", "\(wrong.count) sessions came back to another screen, e.g. session \(wrong[0])") }
        let restored = cutOff.filter { $0.phase == .ready }.count
        let seconds = restored == cutOff.count
            ? FailoverPlan.seconds(lostAt: cutOff.compactMap(\.lostAt), restoredAt: restoredAt) : nil
        let failover = FailoverOutcome(sessions: ready.count, cutOff: cutOff.count, restored: restored,
                                       wrongScreens: wrong.count, seconds: seconds)
        return ScenarioOutcome(convergence: await run.verify(ready.filter { $0.phase == .ready }), failover: failover)
    }

    static func screens(_ sessions: [SimulatedSession]) -> [(index: Int, route: String?)] {
        sessions.map { ($0.index, $0.state?["route"]?.stringValue) }
    }
}

/// What the failover scenario found.
struct FailoverOutcome: Sendable, Equatable {
    var sessions: Int
    /// Sessions of the killed target, and how many of them came back on the survivor.
    var cutOff: Int
    var restored: Int
    var wrongScreens: Int
    var seconds: Double?
}
