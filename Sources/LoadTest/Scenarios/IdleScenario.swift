import ProcessStats

/// `idle`: connects every session, holds them open for the duration without acting, and with
/// `--server-pid` reports the server's resident memory per session. `raw-idle` does the same
/// with bare connections (no hello), for a bare peer.
struct IdleScenario: Scenario {
    private struct Quiet: SessionObserver {}

    var raw = false

    func run(_ run: LoadRun) async throws -> ScenarioOutcome {
        let options = run.options
        let before = options.serverPID.flatMap({ ProcessMemory.residentKiB(pid: $0) })
        let finish: () async -> Void
        if raw {
            let sessions = run.makeRawSessions(options.sessions) { _, _, _ in
                run.recorder.error("unexpected_message", "a bare peer sent an idle connection a message")
            }
            _ = await run.connectRaw(sessions)
            finish = { await run.finishRaw(sessions) }
        } else {
            let sessions = run.makeSessions(options.sessions, observer: Quiet())
            await run.ramp(sessions) { $0.connect() }
            await run.waitUntilSettled(sessions, what: "connect")
            finish = {
                for session in sessions { session.finish() }
                _ = await run.waitUntil(limit: .seconds(30)) { run.recorder.read { $0.open } == 0 }
            }
        }
        let held = run.recorder.read { $0.open }
        let memory = before.flatMap { before in
            options.serverPID.flatMap({ ProcessMemory.residentKiB(pid: $0) }).map { ServerMemory(beforeKiB: before, afterKiB: $0, sessions: held) }
        }
        try await Task.sleep(for: .seconds(options.duration))
        let stillOpen = run.recorder.read { $0.open }
        await finish()
        return ScenarioOutcome(heldSessions: min(held, stillOpen), serverRSS: memory)
    }
}
