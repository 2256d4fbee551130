import StateSync
import Synchronization
import WireContract

/// `writes` (cluster throughput): the sessions form lists of `WritePlan.perList` members (an
/// owner's invite, the rest join), every member toggles its own stars as fast as think time
/// allows with one write in flight, for the duration; acknowledged writes per second are
/// counted. Then every list's members must show the same favorites and every copy must equal a
/// fresh snapshot; the report lists each list's favorites so a script can compare them with
/// the database.
struct WritesScenario: Scenario {
    static let perList = 20

    func run(_ run: LoadRun) async throws -> ScenarioOutcome {
        let options = run.options
        let plan = WritePlan(sessions: options.sessions, perList: Self.perList)
        let observer = ViewLeaver()
        let sessions = run.makeSessions(options.sessions, observer: observer)
        let owners = (0..<plan.listCount).map { sessions[plan.members(of: $0).lowerBound] }
        await run.ramp(owners) { $0.connect() }
        await run.waitUntilSettled(owners, what: "connect")
        guard owners.allSatisfy({ $0.phase == .ready }) else { return ScenarioOutcome(failure: "Some list owners could not connect.") }
        var invites: [InviteSetup.Invite] = []
        for owner in owners {
            invites.append(try await InviteSetup.openInvite(owner, run: run))
            owner.send(ActionTable.action("destination.dismiss"))
        }
        observer.leaveOnJoin()
        let members = sessions.filter { plan.list(of: $0.index).position != 0 }
        await run.ramp(members) { $0.connect(route: "/join/\(invites[plan.list(of: $0.index).list].code)") }
        await run.waitUntilSettled(members, what: "join")
        let joined = await run.waitUntil(limit: run.waveLimit(members.count)) {
            sessions.allSatisfy { session in
                guard session.phase == .ready, let state = session.state else { return true }
                let listID = invites[plan.list(of: session.index).list].listID
                return FavoritesObserver.hasJoined(state, listID: listID) && state["destination"] == .null
            }
        }
        if !joined { run.recorder.error("join_failed", "some members never showed their list with the Favorites view closed") }
        let ready = sessions.filter { $0.phase == .ready }
        await run.settle(ready)

        let writers = ListWriters(run: run, plan: plan, sessions: ready, listIDs: invites.map(\.listID))
        let acksBefore = run.recorder.read { $0.action.count }
        let phase = try await run.measurePhase { writers.start(until: $0) }
        let acknowledged = Int(run.recorder.read { $0.action.count } - acksBefore)
        await run.settle(ready)

        var byList: [String: [Int]] = [:]
        var disagreeing: [String] = []
        for list in 0..<plan.listCount {
            let listID = invites[list].listID
            let copies = ready.filter { plan.list(of: $0.index).list == list }.map { Self.favorites(in: $0.state) }
            if Set(copies).count > 1 { disagreeing.append(listID) }
            byList[listID] = copies.first?.sorted() ?? []
        }
        var convergence = await run.verify(ready)
        if !disagreeing.isEmpty { convergence.detail = "members of \(disagreeing.count) lists show different favorites" }
        return ScenarioOutcome(
            convergence: convergence, cpu: phase.cpu, serverLatency: phase.serverLatency,
            writes: WriteThroughput(acknowledged: acknowledged, seconds: phase.seconds), favoritesByList: byList)
    }

    /// The starred ids of a copy.
    static func favorites(in state: JSONValue?) -> Set<Int> {
        guard case let .object(favorites)? = state?["favorites"] else { return [] }
        return Set(favorites.compactMap { $0.value == true ? Int($0.key) : nil })
    }
}

/// Acknowledged writes over the writing phase.
struct WriteThroughput: Sendable, Equatable {
    var acknowledged: Int
    var seconds: Double
    var perSecond: Double { seconds > 0 ? Double(acknowledged) / seconds : 0 }
}

/// Members close the Favorites view a join opens (it lists members, so every join and presence
/// change would patch everyone who has it open).
final class ViewLeaver: SessionObserver {
    private struct Leaving {
        var active = false
        var left: Set<Int> = []
    }

    private let leaving = Mutex(Leaving())

    /// From now on (owners have made their invites) every session leaves the view.
    func leaveOnJoin() { leaving.withLock { $0.active = true } }

    func sessionIsReady(_ session: SimulatedSession) {
        if let state = session.state { leave(session, state) }
    }

    func session(_ session: SimulatedSession, applied ops: [PatchOperation], state: JSONValue) {
        if ops.contains(where: FavoritesObserver.mayOpenTheView) { leave(session, state) }
    }

    private func leave(_ session: SimulatedSession, _ state: JSONValue) {
        guard state["destination"]?["favorites"] != nil,
              leaving.withLock({ $0.active && $0.left.insert(session.index).inserted }) else { return }
        session.send(ActionTable.action("destination.dismiss"))
    }
}

/// Every member of the `writes` scenario toggling its own stars: one write in flight per
/// member, the next after a think time.
final class ListWriters: Sendable {
    private let run: LoadRun
    private let plan: WritePlan
    private let sessions: [SimulatedSession]
    /// Each list's id, by the plan's list number: a member stars in the list it joined.
    private let listIDs: [String]
    private let stopAt = Mutex(ContinuousClock.now)
    private let cursors: Mutex<[Int]>
    private let plans: Mutex<[BrowsePlan]>

    init(run: LoadRun, plan: WritePlan, sessions: [SimulatedSession], listIDs: [String]) {
        self.run = run
        self.plan = plan
        self.sessions = sessions
        self.listIDs = listIDs
        cursors = Mutex(sessions.map { _ in 0 })
        plans = Mutex(sessions.map { BrowsePlan(seed: run.options.seed &+ UInt64($0.index)) })
    }

    func start(until stopAt: ContinuousClock.Instant) {
        self.stopAt.withLock { $0 = stopAt }
        for position in sessions.indices { schedule(position) }
    }

    private func schedule(_ position: Int) {
        let delay = plans.withLock { $0[position].thinkTime(mean: run.options.thinkTime) }
        run.scheduler.after(delay) { self.write(position) }
    }

    private func write(_ position: Int) {
        let session = sessions[position]
        guard ContinuousClock.now < stopAt.withLock({ $0 }), session.phase == .ready else { return }
        if session.pendingActions == 0 {
            let owned = plan.ownedIDs(position: plan.list(of: session.index).position)
            let (id, on) = cursors.withLock { cursors in
                defer { cursors[position] += 1 }
                // The list starts empty: one pass over the owned ids sets them, the next unsets them.
                return (owned[cursors[position] % owned.count], (cursors[position] / owned.count) % 2 == 0)
            }
            session.send(ScreenActions.setStar(id, on: on, list: listIDs[plan.list(of: session.index).list]))
        }
        schedule(position)
    }
}
