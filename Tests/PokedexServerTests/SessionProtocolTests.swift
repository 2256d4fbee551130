@testable import PokedexServer
import StateSync
import WebSocketServer
import Foundation
import XCTest

/// The protocol over the server in process: frames in, frames out, no socket.
final class SessionProtocolTests: InProcessTestCase {
    func connect() async throws -> InProcessPeer {
        server.connect()
    }

    func next(_ connection: InProcessPeer) async throws -> ServerMessage {
        try ServerMessage.parse(try await connection.next())
    }

    func hello(_ connection: InProcessPeer, route: String = "/", token: String? = nil, resume: ClientMessage.Resume? = nil) {
        connection.send(ClientMessage.hello(.init(token: token, resume: resume, route: route)).encoded())
    }

    /// The next frame that is not a patch.
    func nextNonPatch(_ connection: InProcessPeer) async throws -> ServerMessage {
        var message = try await next(connection)
        while case .patch = message { message = try await next(connection) }
        return message
    }

    /// Reads patches into `state` until `done` holds for it.
    func apply(until done: (JSONValue) -> Bool, _ state: inout JSONValue, seq: inout Int, from connection: InProcessPeer) async throws {
        while !done(state) {
            guard case let .patch(nextSeq, ops, _, _) = try await next(connection) else { continue }
            XCTAssertEqual(nextSeq, seq + 1, "patches arrive in sequence")
            seq = nextSeq
            state = try JSONPatch.apply(ops, to: state)
        }
    }

    func testHelloGetsWelcomeAndSnapshotThenTheFirstPageAsOnePatch() async throws {
        let connection = try await connect()
        hello(connection)
        guard case .welcome = try await next(connection) else { return XCTFail("expected welcome") }
        guard case .snapshot(var seq, var state) = try await next(connection) else { return XCTFail("expected snapshot") }
        XCTAssertEqual(state["route"], "/")
        try await apply(until: { $0["list"]?["status"] == "loaded" }, &state, seq: &seq, from: connection)
        XCTAssertEqual(state["list"]?["pages"]?[0]?.arrayValue?.count, 20)
        XCTAssertEqual(state["list"]?["total"], 151)

        // The next page is one add of the new page; the ack names the action's ref.
        connection.send(#"{"type":"action","ref":5,"action":{"list":{"reachedEnd":{}}}}"#)
        var sawPageAdd = false
        while state["list"]?["pages"]?.arrayValue?.count != 2 {
            guard case let .patch(nextSeq, ops, _, _) = try await next(connection) else { continue }
            seq = nextSeq
            if ops.contains(where: { if case .add("/list/pages/1", _) = $0 { true } else { false } }) { sawPageAdd = true }
            state = try JSONPatch.apply(ops, to: state)
        }
        XCTAssertTrue(sawPageAdd)
        XCTAssertEqual(state["list"]?["pages"]?[1]?[0]?["id"], 21)
    }

    func testAStarToggleIsOneOpAcknowledged() async throws {
        let connection = try await connect()
        hello(connection)
        _ = try await next(connection)
        guard case let .snapshot(_, state) = try await next(connection) else { return XCTFail("expected snapshot") }
        let list = state["lists"]?["active"]?.stringValue ?? ""
        connection.send(#"{"type":"action","ref":9,"action":{"favoriteSet":{"list":"\#(list)","id":25,"on":true}}}"#)
        while true {
            guard case let .patch(_, ops, ack, _) = try await next(connection) else { continue }
            if ack == 9 {
                XCTAssertEqual(ops, [.add(path: "/favorites/25", value: true)])
                return
            }
        }
    }

    func testBadInputGetsAnErrorFrameAndTheSessionGoesOn() async throws {
        let connection = try await connect()
        connection.send(#"{"type":"action","ref":1,"action":{"list":{"reachedEnd":{}}}}"#)
        let notHello = try await next(connection)
        XCTAssertEqual(notHello, .error(ref: 1, code: .notHello, message: "Send hello before any action."))
        hello(connection)
        _ = try await next(connection)
        _ = try await next(connection)
        connection.send("{not json")
        guard case .error(_, .badJSON, _) = try await nextNonPatch(connection) else { return XCTFail("expected bad_json") }
        connection.send(#"{"type":"action","ref":2,"action":{"list":{"rowTaped":{"id":1}}}}"#)
        let unknown = try await nextNonPatch(connection)
        XCTAssertEqual(unknown, .error(ref: 2, code: .unknownAction, message: "Unknown action 'list.rowTaped'."))
        connection.send(#"{"type":"action","ref":3,"action":{"favoriteSet":{"list":"any","id":"x","on":true}}}"#)
        let badAction = try await nextNonPatch(connection)
        guard case .error(3, .badAction, _) = badAction else { return XCTFail("expected bad_action, got \(badAction)") }
        connection.send(#"{"type":"action","ref":4,"action":{"dismissNotice":{}}}"#)
        let ack = try await nextNonPatch(connection)
        XCTAssertEqual(ack, .ack(ref: 4))
    }

    func testResumeReplaysOnlyTheMissedPatches() async throws {
        let first = try await connect()
        hello(first)
        guard case let .welcome(session, _, token) = try await next(first) else { return XCTFail("expected welcome") }
        guard case .snapshot(var seq, var state) = try await next(first) else { return XCTFail("expected snapshot") }
        try await apply(until: { $0["list"]?["status"] == "loaded" }, &state, seq: &seq, from: first)
        first.close(code: 1000)

        let second = try await connect()
        hello(second, token: token, resume: .init(session: session, seq: seq))
        guard case .welcome(session, _, _) = try await next(second) else { return XCTFail("expected the same session") }
        second.send(ClientMessage.action(ref: 1, action: TestSession.star(4, list: state["lists"]?["active"]?.stringValue ?? "")).encoded())
        // Whatever the session did while away is replayed in order, continuing the browser's
        // copy: no snapshot.
        while true {
            guard case let .patch(nextSeq, ops, ack, _) = try await next(second) else { return XCTFail("expected patches, not a snapshot") }
            XCTAssertEqual(nextSeq, seq + 1)
            seq = nextSeq
            state = try JSONPatch.apply(ops, to: state)
            if ack == 1 { break }
        }
        XCTAssertEqual(state["favorites"], ["4": true])
    }

    func testAResumeTakesOverAConnectionStillOpenAndActionsSentAtOnceAreAcknowledged() async throws {
        let first = try await open()
        let second = server.connect()
        let resume = ClientMessage.Resume(session: first.session, seq: first.seq)
        second.send(ClientMessage.hello(.init(token: first.token, resume: resume, route: "/")).encoded())
        second.send(ClientMessage.action(ref: 1, action: first.star(9)).encoded())
        guard case .welcome(first.session, _, _) = try await next(second) else { return XCTFail("expected the same session") }
        var acknowledged = false
        while !acknowledged {
            switch try await next(second) {
            case let .patch(_, _, ack, _): acknowledged = ack == 1
            case let .ack(ref, _): acknowledged = ref == 1
            case let other: return XCTFail("expected patches, got \(other)")
            }
        }
        // The first connection is closed (1000) once its frames are read.
        do {
            while true { _ = try await first.peer.next() }
        } catch let error as InProcessPeerError {
            XCTAssertEqual(error, .closed(1000))
        }
    }
}
