@testable import PokedexServer
import SeededRandom
import StateSync
import TestSupport
import XCTest

/// A change of the favorites alone taken to a member's output without the Store's observer
/// (`FavoritesOnlyChange`, docs/INTERNALS.md "A favorites-only change skips the observer"):
/// only while nothing else of the session is pending, and sending what the observer would.
final class FavoritesOnlyChangeTests: InProcessTestCase {
    override func configure(_ options: inout ServerOptions) {
        // The random walk sends more actions than a browser's burst.
        options.limits.actionsPerSecond = 0
    }

    /// The owner and `count` members who joined its list and closed the Favorites view the
    /// join opened.
    private func list(members count: Int) async throws -> (owner: TestSession, members: [TestSession]) {
        let owner = try await open()
        let code = try await owner.createInvite()
        try await owner.perform(["destination": ["dismiss": [:]]])
        var members: [TestSession] = []
        for _ in 0..<count {
            let member = try await open(route: "/join/\(code)")
            try await member.read { $0.activeListID == owner.activeListID }
            try await member.perform(["destination": ["dismiss": [:]]])
            members.append(member)
        }
        return (owner, members)
    }

    private func live(_ session: TestSession) throws -> Session {
        try XCTUnwrap(server.app.registry.session(id: session.session))
    }

    /// How many changes each went by the shortcut.
    private func taken(_ sessions: [TestSession]) throws -> [Int] {
        try sessions.map { try live($0).favoritesOnly.taken }
    }

    func testAMemberShowingTheListTakesAStarAloneAndGetsTheBytesTheObserversPathSends() async throws {
        let (owner, members) = try await list(members: 2)
        let (alone, busy) = (members[0], members[1])
        XCTAssertEqual(alone.seq, busy.seq)
        // `busy` has an action of its own queued (its browser paused): the observer's path.
        try live(busy).pause()
        try live(busy).enqueue(["dismissNotice": [:]], ref: nil)
        let before = try taken(members)
        try await owner.perform(owner.star(25))
        for member in members { try await member.read { $0.favorites == [25] } }
        XCTAssertEqual(try taken(members), [before[0] + 1, before[1]])
        XCTAssertEqual(alone.seq, busy.seq)
        XCTAssertEqual(alone.lastPatchFrame, busy.lastPatchFrame, "the same frame by either path")
        XCTAssertEqual(String(decoding: alone.lastPatchFrame, as: UTF8.self),
                       #"{"type":"patch","seq":\#(alone.seq),"ops":[{"op":"add","path":"/favorites/25","value":true}]}"#)
        try live(busy).markReady()
        try await assertCopyIsAFreshProjection(of: alone, "after the star")
        try await assertCopyIsAFreshProjection(of: busy, "after its queued action")
    }

    func testAMemberOwedAStarsAckTakesTheObserversPathWhichCarriesTheAck() async throws {
        let (owner, members) = try await list(members: 1)
        let member = members[0]
        let listID = owner.activeListID
        let next = (server.app.hub.feed.seq(of: listID) ?? 0) + 1
        // A star of its own committed at the list's next seq, its ack waiting for a patch showing it.
        try live(member).output.expectAck(9_999, shows: PendingAcks.ListSeq(listID: listID, seq: next))
        let before = try taken([member])
        try await owner.perform(owner.star(4))
        try await member.read { $0.favorites == [4] }
        XCTAssertEqual(try taken([member]), before)
        guard case let .patch(_, _, ack, _) = try ServerMessage.parse(member.lastPatchFrame) else { return XCTFail("not a patch") }
        XCTAssertEqual(ack, 9_999, "the patch showing the star carries its ack")
    }

    func testAMemberShowingTheFavoritesViewOrAnotherListOrAwayTakesTheObserversPath() async throws {
        let (owner, members) = try await list(members: 3)
        let (viewing, elsewhere, away) = (members[0], members[1], members[2])
        try await viewing.perform(["favoritesTapped": [:]])
        // Its own list: the star's list is not the one it shows.
        let own = try XCTUnwrap(elsewhere.state["lists"]?["all"]?.arrayValue?.compactMap { $0["id"]?.stringValue }.first { $0 != owner.activeListID })
        try await elsewhere.perform(["selectList": ["id": .string(own)]])
        XCTAssertEqual(elsewhere.activeListID, own)
        away.close()
        try await waitUntil("the member away is detached") { try self.live(away).output.connection == nil }
        let before = try taken(members), seqs = [viewing.seq, elsewhere.seq, try live(away).output.seq]
        try await owner.perform(owner.star(7))
        try await viewing.read { $0.favorites == [7] }
        // The view's rows show it too: its patch is its own.
        XCTAssertEqual(viewing.state["lists"]?["pokemon"]?.arrayValue?.compactMap { $0["id"]?.intValue }, [7])
        try await waitUntil("the member away kept the star's patch") { try self.live(away).output.seq > seqs[2] }
        try await owner.perform(owner.star(8))
        try await viewing.read { $0.favorites == [7, 8] }
        XCTAssertEqual(try taken(members), before)
        XCTAssertEqual(elsewhere.seq, seqs[1], "nothing of another list")
        try await assertCopyIsAFreshProjection(of: viewing, "in the view")
        // The member away kept the patches the observer made: a resume replays them.
        let (copy, _) = try await resumeReplayingPatches(of: away, from: (away.state, away.seq)) { _, seq in seq >= seqs[2] + 2 }
        XCTAssertEqual(Set(copy["favorites"]?.objectValue?.keys.compactMap { Int($0) } ?? []), [7, 8])
    }

    func testAChangeOfTheListsTakesTheObserversPath() async throws {
        let (owner, members) = try await list(members: 1)
        let member = members[0]
        let before = try taken([member])
        try await owner.perform(["lists": ["rename": ["id": .string(owner.activeListID), "name": "Cerulean"]]])
        try await member.read { $0.state["lists"]?["all"]?.arrayValue?.contains { $0["name"] == "Cerulean" } == true }
        try await owner.perform(owner.star(9))
        try await member.read { $0.favorites == [9] }
        XCTAssertEqual(try taken([member]), [before[0] + 1], "the rename by the observer, the star alone")
        try await assertCopyIsAFreshProjection(of: member, "after the rename and the star")
    }

    func testAResumedMemberGetsTheBytesItWasSent() async throws {
        let (owner, members) = try await list(members: 1)
        let member = members[0]
        let seq = member.seq
        var frames: [[UInt8]] = []
        for id in [1, 2, 3] {
            try await owner.perform(owner.star(id))
            try await member.read { $0.favorites.contains(id) }
            frames.append(member.lastPatchFrame)
        }
        XCTAssertEqual(try taken([member]).first ?? 0, 3)
        member.close()
        let peer = server.connect()
        peer.send(ClientMessage.hello(.init(token: member.token, resume: .init(session: member.session, seq: seq), route: "/")).encoded())
        var replayed: [[UInt8]] = []
        while replayed.count < 3 {
            let frame = try await peer.next()
            switch try ServerMessage.parse(frame) {
            case .welcome: continue
            case .patch: replayed.append(frame)
            case let other: return XCTFail("a resume within the kept patches sends patches, not \(other)")
            }
        }
        XCTAssertEqual(replayed, frames)
    }

    private func randomAction(_ session: TestSession, _ rng: inout SeededGenerator) -> JSONValue {
        switch Int.random(in: 0..<7, using: &rng) {
        case 0: return ["destination": ["dismiss": [:]]]
        case 1: return ["navigate": ["route": .string(["/", "/pokemon/25", "/pokemon/4/type/fire", "/favorites"].randomElement(using: &rng)!)]]
        case 2: return ["favoritesTapped": [:]]
        case 3: return ["setLocale": ["locale": .string(["en", "es"].randomElement(using: &rng)!)]]
        case 4: return ["list": ["reachedEnd": [:]]]
        default: return session.star(Int.random(in: 1...20, using: &rng), on: Bool.random(using: &rng))
        }
    }

    func testRandomStarsAndOwnActionsConvergeToAFreshSnapshot() async throws {
        var rng = SeededGenerator(seed: 4)
        let (owner, members) = try await list(members: 2)
        let (acting, watching) = (members[0], members[1])
        for step in 1...80 {
            // An own action, not waited for, then stars of the owner: they interleave.
            let action = randomAction(acting, &rng)
            let ref = acting.send(action)
            for _ in 0..<Int.random(in: 0...3, using: &rng) {
                try await owner.perform(owner.star(Int.random(in: 21...40, using: &rng), on: Bool.random(using: &rng)))
            }
            try await acting.read { $0.isAcknowledged(ref) || $0.errors.contains { $0.ref == ref } }
            let held = try await live(owner).store.withState { $0.favorites.wrappedValue }
            for session in [owner] + members { try await session.read { $0.favorites == held } }
            try await assertCopyIsAFreshProjection(of: acting, "step \(step), after \(action)")
            try await assertCopyIsAFreshProjection(of: watching, "step \(step)")
        }
        XCTAssertGreaterThan(try taken([watching]).first ?? 0, 0, "the watching member took stars alone")
        for member in members {
            let snapshot = try await open(token: member.token, resume: .init(session: member.session, seq: member.seq + 1000))
            XCTAssertEqual(snapshot.state, member.state)
            XCTAssertEqual(snapshot.seq, member.seq)
        }
    }
}
