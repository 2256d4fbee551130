@testable import PokedexServer
import StateSync
import XCTest

extension InProcessTestCase {
    /// Resumes `session` on a new connection from `start` (the copy it had and that copy's seq)
    /// and applies the kept patches the server replays, each the next seq, until `done` says
    /// the copy is far enough; returns the copy and its seq then.
    func resumeReplayingPatches(
        of session: TestSession, from start: (state: JSONValue, seq: Int), until done: (_ copy: JSONValue, _ seq: Int) -> Bool
    ) async throws -> (state: JSONValue, seq: Int) {
        let peer = server.connect()
        peer.send(ClientMessage.hello(.init(token: session.token, resume: .init(session: session.session, seq: start.seq), route: "/")).encoded())
        var (copy, seq) = start
        while !done(copy, seq) {
            switch try ServerMessage.parse(try await peer.next()) {
            case .welcome: continue
            case let .patch(next, ops, _, _):
                XCTAssertEqual(next, seq + 1, "replayed in order")
                (copy, seq) = (try JSONPatch.apply(ops, to: copy), next)
            case let other:
                XCTFail("a resume within the kept patches sends patches, not \(other)")
                throw NotReplayed()
            }
        }
        return (copy, seq)
    }
}

/// The resume was answered with something other than patches.
private struct NotReplayed: Error {}
