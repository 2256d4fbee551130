/// `reconnect`: connects every session, drops them all, then resumes each with
/// `{session, seq}` within the grace period, counting resumes served by patches and by
/// snapshots and timing how long all of them take; then compares every copy with a snapshot.
struct ReconnectScenario: Scenario {
    private struct Quiet: SessionObserver {}

    func run(_ run: LoadRun) async throws -> ScenarioOutcome {
        let sessions = run.makeSessions(run.options.sessions, observer: Quiet())
        await run.ramp(sessions) { $0.connect() }
        await run.waitUntilSettled(sessions, what: "connect")
        // The first page loads right after the snapshot: let those patches arrive first.
        await run.settle(sessions)
        let connected = sessions.filter { $0.phase == .ready }
        for session in connected { session.drop() }
        let closed = await run.waitUntil(limit: .seconds(30)) { run.recorder.read { $0.open } == 0 }
        if !closed { run.recorder.error("timeout", "connections still open 30 s after dropping them") }
        let resumeStarted = ContinuousClock.now
        await run.ramp(connected) { $0.resume() }
        await run.waitUntilSettled(connected, what: "resume")
        let lastResume = run.recorder.read { $0.lastResumeAt }
        let seconds = lastResume.map { ($0 - resumeStarted).seconds }
        return ScenarioOutcome(convergence: await run.verify(connected), resumeSeconds: seconds)
    }
}
