import StateSync
import XCTest

/// A star's patch as every member of its list gets it (`PartsPatchMemo`, `SessionOutput`):
/// the same operations for members that show the list alike, its own for one that shows more,
/// and states that stay what a snapshot would show after shared changes, actions and resumes.
final class FanoutPatchTests: InProcessTestCase {
    /// The owner and `count` members who joined its list by invite; `closingTheView` of them
    /// leave the Favorites view their join opened.
    private func list(members count: Int, closingTheView closing: Int) async throws -> (owner: TestSession, members: [TestSession]) {
        let owner = try await open()
        let code = try await owner.createInvite()
        try await owner.perform(["destination": ["dismiss": [:]]])
        var members: [TestSession] = []
        for index in 0..<count {
            let member = try await open(route: "/join/\(code)")
            try await member.read { $0.activeListID == owner.activeListID }
            if index < closing { try await member.perform(["destination": ["dismiss": [:]]]) }
            members.append(member)
        }
        return (owner, members)
    }

    /// The bytes of a patch frame's operations.
    private func operations(of frame: [UInt8]) throws -> [UInt8] {
        let start = try XCTUnwrap(frame.firstRange(of: Array(#""ops":"#.utf8))).upperBound
        return Array(frame[start..<(frame.count - 1)])
    }

    func testMembersShowingTheListAlikeGetTheSameOperationsAndOneShowingMoreItsOwn() async throws {
        let (owner, members) = try await list(members: 3, closingTheView: 2)
        try await owner.perform(owner.star(25))
        for member in members { try await member.read { $0.favorites == [25] } }

        let first = try operations(of: members[0].lastPatchFrame)
        XCTAssertEqual(String(decoding: first, as: UTF8.self), #"[{"op":"add","path":"/favorites/25","value":true}]"#)
        XCTAssertEqual(try operations(of: members[1].lastPatchFrame), first)
        // The third still shows the Favorites view, whose rows show the star too.
        let viewing = try operations(of: members[2].lastPatchFrame)
        XCTAssertNotEqual(viewing, first)
        XCTAssertEqual(members[2].state["lists"]?["pokemon"]?.arrayValue?.compactMap { $0["id"]?.intValue }, [25])
    }

    func testStatesAfterSharedChangesActionsAndResumesAreWhatASnapshotShows() async throws {
        let (owner, members) = try await list(members: 2, closingTheView: 2)
        let (acting, away) = (members[0], members[1])
        // Shared changes alone, then an action: the state the action's patch is diffed from
        // holds them.
        for id in [25, 4, 7] {
            try await owner.perform(owner.star(id))
            for member in members { try await member.read { $0.favorites.contains(id) } }
            // Each diffed from the parts the one before gave.
            XCTAssertEqual(String(decoding: try operations(of: acting.lastPatchFrame), as: UTF8.self), #"[{"op":"add","path":"/favorites/\#(id)","value":true}]"#)
        }
        try await owner.perform(owner.star(4, on: false))
        try await acting.read { $0.favorites == [7, 25] }
        try await acting.perform(["navigate": ["route": "/pokemon/25"]])
        try await acting.read { $0.state["destination"]?["detail"]?["status"] == "loaded" }
        try await acting.perform(acting.star(1))
        try await acting.read { $0.favorites == [1, 7, 25] }

        // A member away misses patches: its resume replays them onto what it had.
        try await away.read { $0.favorites == [1, 7, 25] }
        away.close()
        try await owner.perform(owner.star(151))
        try await acting.read { $0.favorites == [1, 7, 25, 151] }
        let peer = server.connect()
        peer.send(ClientMessage.hello(.init(token: away.token, resume: .init(session: away.session, seq: away.seq), route: "/")).encoded())
        var state = away.state, seq = away.seq
        while seq < away.seq + 1 || (state["favorites"]?.objectValue?.count ?? 0) < 4 {
            switch try ServerMessage.parse(try await peer.next()) {
            case .welcome: continue
            case let .patch(next, ops, _, _):
                XCTAssertEqual(next, seq + 1, "replayed in order")
                (state, seq) = (try JSONPatch.apply(ops, to: state), next)
            case let other: XCTFail("a resume within the kept patches sends patches, not \(other)")
            }
        }

        // A snapshot of each session (a resume from a seq it never sent) shows what its patches built.
        for (session, state, seq) in [(acting.session, acting.state, acting.seq), (away.session, state, seq)] {
            let snapshot = try await open(token: acting.session == session ? acting.token : away.token, resume: .init(session: session, seq: seq + 1000))
            XCTAssertEqual(snapshot.state, state)
            XCTAssertEqual(snapshot.seq, seq)
        }
    }

    /// The frames a resume replays, after the welcome, until `count` came.
    private func replayedFrames(of member: TestSession, after seq: Int, count: Int) async throws -> [[UInt8]] {
        member.close()
        let peer = server.connect()
        peer.send(ClientMessage.hello(.init(token: member.token, resume: .init(session: member.session, seq: seq), route: "/")).encoded())
        var frames: [[UInt8]] = []
        while frames.count < count {
            let frame = try await peer.next()
            switch try ServerMessage.parse(frame) {
            case .welcome: continue
            case .patch: frames.append(frame)
            case let other: XCTFail("a resume within the kept patches sends patches, not \(other)"); return frames
            }
        }
        return frames
    }

    func testEachMemberGetsTheSharedFrameAtItsOwnSeqAndAResumeReplaysTheVeryBytesItGot() async throws {
        let (owner, members) = try await list(members: 2, closingTheView: 2)
        let (early, late) = (members[0], members[1])
        // `late` moves on alone: its seq runs ahead of the others'.
        try await late.perform(["navigate": ["route": "/pokemon/25"]])
        try await late.perform(["navigate": ["route": "/"]])
        XCTAssertNotEqual(late.seq, early.seq)
        let seqsBefore = [owner.seq, early.seq, late.seq]
        var framesSent: [[[UInt8]]] = [[], [], []]
        for id in [4, 7, 25] {
            let refused = try await owner.perform(owner.star(id))
            XCTAssertNil(refused)
            for (index, session) in [owner, early, late].enumerated() {
                try await session.read { $0.favorites.contains(id) }
                framesSent[index].append(session.lastPatchFrame)
            }
            // The members' frames are one patch at each one's seq; the owner's carries its ack.
            let operations = try operations(of: early.lastPatchFrame)
            XCTAssertEqual(String(decoding: operations, as: UTF8.self), #"[{"op":"add","path":"/favorites/\#(id)","value":true}]"#)
            XCTAssertEqual(early.lastPatchFrame, ServerMessage.patchFrame(seq: early.seq, encodedOperations: operations, ack: nil))
            XCTAssertEqual(late.lastPatchFrame, ServerMessage.patchFrame(seq: late.seq, encodedOperations: operations, ack: nil))
            guard case let .patch(_, ownerOps, ack, _) = try ServerMessage.parse(owner.lastPatchFrame),
                  case let .patch(_, memberOps, _, _) = try ServerMessage.parse(early.lastPatchFrame)
            else { return XCTFail("not patches") }
            XCTAssertEqual(ack, owner.lastRef, "the acting member's patch is its own, with its ack")
            XCTAssertEqual(ownerOps, memberOps)
        }
        // What each replays after a resume is byte for byte what it was sent.
        for (index, session) in [owner, early, late].enumerated() {
            let replayed = try await replayedFrames(of: session, after: seqsBefore[index], count: 3)
            XCTAssertEqual(replayed, framesSent[index])
        }
    }
}
