@testable import PokedexServer
import StateSync
import XCTest

extension InProcessTestCase {
    /// The browser's copy of `session` is, at the last patch its session sent, a fresh
    /// projection of its Store's state then (a projection of its own, with no memo). A shared
    /// value read after it moved (a roster or the activity, reloaded off the session's thread)
    /// is shown by the patch its change sends next: the copy is compared again after it.
    func assertCopyIsAFreshProjection(of session: TestSession, _ context: String) async throws {
        let live = try XCTUnwrap(server.app.registry.session(id: session.session))
        let client = server.app.handler.context.projection
        var difference: [PatchOperation] = []
        for _ in 0..<5 {
            let (seq, json) = await live.store.withState { state in (live.output.seq, SessionProjection(client).project(state)) }
            try await session.read { $0.seq >= seq }
            difference = JSONPatch.diff(from: session.state, to: json)
            if session.seq == seq, difference.isEmpty { return }
            let read = session.seq
            try await session.read { $0.seq > read }
        }
        XCTFail("the copy is not the state's projection: \(difference), \(context)")
    }
}
