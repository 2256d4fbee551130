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
        let owner = run.makeSessions(1, observer: tracker)[0]
        owner.connect()
        await run.waitUntilSettled([owner], what: "connect")
        guard owner.phase == .ready else { return ScenarioOutcome(failure: "The owner session could not connect.") }
        guard owner.token != nil else {
            return ScenarioOutcome(failure: "The server does not support shared favorites yet: its welcome carries no token (docs/PROTOCOL.md, \"Identity and shared favorites\").")
        }
        let invite = try await InviteSetup.openInvite(owner, run: run)
        let members = run.makeSessions(options.sessions - 1, observer: tracker, startingAt: 1)
        await run.ramp(members) { $0.connect(route: "/join/\(invite.code)") }
        await run.waitUntilSettled(members, what: "join")
        let everyone = [owner] + members
        let joined = await run.waitUntil(limit: run.waveLimit(members.count)) {
            members.allSatisfy { $0.phase != .ready || $0.state?["lists"]?["active"] == .string(invite.listID) }
        }
        if !joined { run.recorder.error("join_failed", "some members' active list never became the shared list") }
        let ready = everyone.filter { $0.phase == .ready }
        tracker.setMembers(Set(ready.map(\.index)))

        let writers = StarWriters(run: run, tracker: tracker, writers: Array(ready.prefix(Self.maxWriters)))
        let stopAt = ContinuousClock.now + .seconds(options.duration)
        writers.start(until: stopAt)
        try await Task.sleep(until: stopAt)
        await run.settle(ready)
        let unfinished = tracker.pendingIDs
        if !unfinished.isEmpty {
            run.recorder.error("fanout_incomplete", "stars \(unfinished.sorted()) never reached every member")
        }
        let agreed = Self.favoritesAgree(ready)
        var convergence = await run.verify(ready)
        if !agreed { convergence.detail = "members' favorites differ" }
        return ScenarioOutcome(convergence: convergence)
    }

    /// Every member's copy shows the same stars (checked before the copies are verified).
    static func favoritesAgree(_ sessions: [SimulatedSession]) -> Bool {
        let all = sessions.map { $0.state?["favorites"] }
        return all.allSatisfy { $0 == all.first! }
    }
}

/// The owner's side of sharing: open the Favorites view, create an editor invite, read the link.
enum InviteSetup {
    struct Invite {
        var code: String
        var listID: String
    }

    struct Failed: Error, CustomStringConvertible {
        var description: String
    }

    static func openInvite(_ owner: SimulatedSession, run: LoadRun) async throws -> Invite {
        owner.send(["favoritesTapped": [:]])
        try await wait(for: owner, run: run, "the Favorites view to open") { $0["destination"]?["favorites"] != nil }
        owner.send(["destination": ["presented": ["favorites": ["inviteTapped": ["role": "editor"]]]]])
        try await wait(for: owner, run: run, "an invite link") { link(in: $0) != nil }
        let state = owner.state!
        guard let listID = state["lists"]?["active"]?.stringValue else { throw Failed(description: "The owner's state has no lists.active.") }
        return Invite(code: link(in: state)!, listID: listID)
    }

    /// The CODE of `…/#/join/CODE` in the invite dialog.
    static func link(in state: JSONValue) -> String? {
        guard let link = state["destination"]?["favorites"]?["invite"]?["link"]?.stringValue,
              let range = link.range(of: "/join/") else { return nil }
        let code = link[range.upperBound...]
        return code.isEmpty ? nil : String(code)
    }

    private static func wait(for owner: SimulatedSession, run: LoadRun, _ what: String, _ condition: @escaping (JSONValue) -> Bool) async throws {
        let done = await run.waitUntil(limit: FavoritesScenario.stepLimit) { owner.state.map(condition) ?? false }
        if !done { throw Failed(description: "Timed out waiting for \(what).") }
    }
}
