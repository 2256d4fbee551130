import ProcessStats

/// `idle`: connects every session, holds them open for the duration without acting, and with
/// `--server-pid` reports the server's resident memory per session.
struct IdleScenario: Scenario {
    private struct Quiet: SessionObserver {}

    func run(_ run: LoadRun) async throws -> ScenarioOutcome {
        let options = run.options
        let before = options.serverPID.flatMap({ ProcessMemory.residentKiB(pid: $0) })
        let sessions = run.makeSessions(options.sessions, observer: Quiet())
        await run.ramp(sessions) { $0.connect() }
        await run.waitUntilSettled(sessions, what: "connect")
        let held = run.recorder.read { $0.open }
        let memory = before.flatMap { before in
            options.serverPID.flatMap({ ProcessMemory.residentKiB(pid: $0) }).map { ServerMemory(beforeKiB: before, afterKiB: $0, sessions: held) }
        }
        try await Task.sleep(for: .seconds(options.duration))
        let stillOpen = run.recorder.read { $0.open }
        for session in sessions { session.finish() }
        _ = await run.waitUntil(limit: .seconds(30)) { run.recorder.read { $0.open } == 0 }
        return ScenarioOutcome(heldSessions: min(held, stillOpen), serverRSS: memory)
    }
}
