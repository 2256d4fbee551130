import StateSync

/// `favorites` (docs/PROTOCOL.md, "Identity and shared favorites"): an owner opens an editor
/// invite, every other session joins it as a user of its own, then up to ten writers toggle
/// stars (each its own ids, so every write's outcome is known) and the fan-out to every member
/// is timed. At the end every copy is compared with a snapshot and all `favorites` must agree.
struct FavoritesScenario: Scenario {
    static let maxWriters = 10
    static let stepLimit: Duration = .seconds(10)

    func run(_ run: LoadRun) async throws -> ScenarioOutcome {
        let options = run.options
        let tracker = FanoutTracker(recorder: run.recorder)
        let observer = FavoritesObserver(tracker: tracker)
        let owner = run.makeSessions(1, observer: observer)[0]
        owner.connect()
        await run.waitUntilSettled([owner], what: "connect")
        guard owner.phase == .ready else { return ScenarioOutcome(failure: "The owner session could not connect.") }
        guard owner.token != nil else {
            return ScenarioOutcome(failure: "The server does not support shared favorites yet: its welcome carries no token (docs/PROTOCOL.md, \"Identity and shared favorites\").")
        }
        let invite = try await InviteSetup.openInvite(owner, run: run)
        observer.expect(listID: invite.listID)
        observer.leaveViewIfJoined(owner, owner.state!)
        let members = run.makeSessions(options.sessions - 1, observer: observer, startingAt: 1)
        await run.ramp(members) { $0.connect(route: "/join/\(invite.code)") }
        await run.waitUntilSettled(members, what: "join")
        let everyone = [owner] + members
        let joined = await run.waitUntil(limit: run.waveLimit(members.count)) {
            everyone.allSatisfy { session in
                guard session.phase == .ready, let state = session.state else { return true }
                return FavoritesObserver.hasJoined(state, listID: invite.listID) && state["destination"] == .null
            }
        }
        if !joined { run.recorder.error("join_failed", "some members never showed the shared list with the Favorites view closed") }
        let ready = everyone.filter { $0.phase == .ready }
        tracker.setMembers(Set(ready.map(\.index)))
        await run.settle(ready)

        let writers = StarWriters(run: run, tracker: tracker, writers: Array(ready.prefix(Self.maxWriters)))
        let phase = try await run.measurePhase { writers.start(until: $0) }
        await run.settle(ready)
        let unfinished = tracker.pendingIDs
        if !unfinished.isEmpty {
            run.recorder.error("fanout_incomplete", "stars \(unfinished.sorted()) never reached every member")
        }
        let agreed = Self.favoritesAgree(ready)
        var convergence = await run.verify(ready)
        if !agreed { convergence.detail = "members' favorites differ" }
        return ScenarioOutcome(convergence: convergence, cpu: phase.cpu, serverLatency: phase.serverLatency)
    }

    /// Every member's copy shows the same stars (checked before the copies are verified).
    static func favoritesAgree(_ sessions: [SimulatedSession]) -> Bool {
        let all = sessions.map { $0.state?["favorites"] }
        return all.allSatisfy { $0 == all.first! }
    }
}
