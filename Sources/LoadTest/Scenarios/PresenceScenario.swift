import Synchronization
import StateSync
import WireContract

/// `presence` (cluster mode, at least two `--url`): the owner (on the first target) opens a
/// list's Favorites view and an invite, every other session joins it as a user of its own,
/// spread over the targets, and leaves the view. Once the owner's roster shows every member
/// online the tester creates `--ready-file` and waits for a target to disappear (the caller
/// kills one). Measured: seconds from the first connection the kill cut to the owner's roster
/// showing every member of the killed target offline, and the others still online.
struct PresenceScenario: Scenario {
    /// Members the roster shows: all of them must fit one roster page.
    static let maxSessions = 50
    static let killWait: Duration = .seconds(120)
    static let expiryLimit: Duration = .seconds(60)

    func run(_ run: LoadRun) async throws -> ScenarioOutcome {
        let options = run.options
        let observer = MembersLeaveTheView()
        let owner = run.makeSessions(1, observer: observer)[0]
        owner.connect()
        await run.waitUntilSettled([owner], what: "connect")
        guard owner.phase == .ready, owner.target == options.targets.first else {
            return ScenarioOutcome(failure: "The owner session could not connect.")
        }
        let invite = try await InviteSetup.openInvite(owner, run: run)
        observer.listID.withLock { $0 = invite.listID }
        let members = run.makeSessions(options.sessions - 1, observer: observer, startingAt: 1)
        for member in members { member.tolerateLoss() }
        await run.ramp(members) { $0.connect(route: "/join/\(invite.code)") }
        await run.waitUntilSettled(members, what: "join")
        guard await Self.listEveryMember(owner, count: options.sessions, run: run) else {
            return ScenarioOutcome(failure: "The owner's roster never listed all \(options.sessions) members (it shows a page at a time).")
        }
        let everyoneOnline = await run.waitUntil(limit: run.waveLimit(members.count)) {
            let shown = Self.onlineByUser(owner.state)
            return members.allSatisfy { member in Self.userID(member).map { shown[$0] == true } ?? false }
        }
        guard everyoneOnline else { return ScenarioOutcome(failure: "The owner's roster never showed every member online.") }
        if let failure = ReadyFile.write(for: options) { return failure }

        guard await run.waitUntil(limit: Self.killWait, { members.contains { $0.phase == .dropped } }),
              let lost = members.first(where: { $0.phase == .dropped })?.target else {
            return ScenarioOutcome(failure: "No target went away within \(Self.killWait).")
        }
        let cutOff = Set(members.filter { $0.target == lost }.compactMap(Self.userID))
        let kept = Set(members.filter { $0.target != lost }.compactMap(Self.userID))
        let expired = await run.waitUntil(limit: Self.expiryLimit) {
            let shown = Self.onlineByUser(owner.state)
            return cutOff.allSatisfy { shown[$0] == false } && kept.allSatisfy { shown[$0] == true }
        }
        let lostAt = members.compactMap(\.lostAt).min()
        guard expired, let lostAt else {
            return ScenarioOutcome(failure: "The owner's roster did not show the killed target's \(cutOff.count) members offline within \(Self.expiryLimit).")
        }
        let seconds = (ContinuousClock.now - lostAt).seconds
        // Those still connected end as the other scenarios' sessions do: checked against a
        // fresh snapshot, then closed on purpose.
        let convergence = await run.verify(([owner] + members).filter { $0.phase == .ready })
        return ScenarioOutcome(
            convergence: convergence,
            presence: PresenceOutcome(members: members.count, cutOff: cutOff.count, expirySeconds: seconds))
    }

    /// A session's user id, from its state's `me`.
    static func userID(_ session: SimulatedSession) -> String? {
        session.state?["me"]?["id"]?.stringValue
    }

    /// Pages the owner's roster until it lists `count` members, as a person taps "Show more".
    static func listEveryMember(_ owner: SimulatedSession, count: Int, run: LoadRun) async -> Bool {
        let listed = { owner.state?["lists"]?["members"]?.arrayValue?.count ?? 0 }
        while true {
            let before = listed()
            if before >= count { return true }
            // Every member joined, but the roster may not count them all yet (its pushes are
            // throttled): a tap waits for the count first.
            let counted = await run.waitUntil(limit: run.waveLimit(count)) {
                (owner.state?["lists"]?["memberCount"]?.intValue ?? 0) >= count
            }
            guard counted, owner.send(ActionTable.action("destination.presented.favorites.moreMembersTapped")) != nil,
                  await run.waitUntil(limit: FavoritesScenario.stepLimit, { listed() > before })
            else { return false }
        }
    }

    /// Each member the roster shows → whether it shows them online.
    static func onlineByUser(_ state: JSONValue?) -> [String: Bool] {
        guard case let .array(members)? = state?["lists"]?["members"] else { return [:] }
        var online: [String: Bool] = [:]
        for member in members {
            if let id = member["id"]?.stringValue, case let .bool(isOnline)? = member["online"] { online[id] = isOnline }
        }
        return online
    }

    /// Members leave the Favorites view their join opened (the owner keeps it: its roster is
    /// what is measured).
    private final class MembersLeaveTheView: SessionObserver {
        let listID = Mutex<String?>(nil)
        private let left = Mutex<Set<Int>>([])

        func sessionIsReady(_ session: SimulatedSession) { leave(session) }
        func session(_ session: SimulatedSession, applied ops: [PatchOperation], state: JSONValue) {
            if ops.contains(where: FavoritesObserver.mayOpenTheView) { leave(session) }
        }

        private func leave(_ session: SimulatedSession) {
            guard session.index > 0, let listID = listID.withLock({ $0 }), let state = session.state,
                  FavoritesObserver.hasJoined(state, listID: listID), state["destination"]?["favorites"] != nil,
                  left.withLock({ $0.insert(session.index).inserted }) else { return }
            session.send(ActionTable.action("destination.dismiss"))
        }
    }
}

/// What the presence scenario found.
struct PresenceOutcome: Sendable, Equatable {
    var members: Int
    /// Members on the killed target.
    var cutOff: Int
    var expirySeconds: Double
}
