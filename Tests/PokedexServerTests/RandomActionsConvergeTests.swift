@testable import PokedexServer
import SeededRandom
import StateSync
import XCTest

/// Random browser actions on a real session (`InProcessServer`), with stars from another
/// member in between: whatever they change, a reduced state's patch (its changed parts,
/// `SessionProjection.projectChanges`) keeps the browser's copy a fresh projection of the
/// session's state, and a resume by missed patches ends where a snapshot starts.
final class RandomActionsConvergeTests: InProcessTestCase {
    private func randomAction(_ session: TestSession, _ rng: inout SeededGenerator) -> JSONValue {
        let shownIDs = session.state["list"]?["pages"]?.arrayValue?.flatMap { $0.arrayValue ?? [] }.compactMap { $0["id"]?.intValue } ?? []
        let stack = session.state["stack"]?.arrayValue?.compactMap { $0["id"]?.intValue } ?? []
        switch Int.random(in: 0..<13, using: &rng) {
        case 0: return ["list": ["reachedEnd": [:]]]
        case 1:
            guard let id = shownIDs.randomElement(using: &rng) else { return ["list": ["reachedEnd": [:]]] }
            return ["list": ["rowTapped": ["id": .int(id)]]]
        case 2: return ["destination": ["dismiss": [:]]]
        case 3:
            let routes = ["/", "/pokemon/25", "/pokemon/4/type/fire", "/pokemon/1/type/grass/pokemon/2", "/favorites", "/nowhere"]
            return ["navigate": ["route": .string(routes.randomElement(using: &rng)!)]]
        case 4: return ["list": ["binding": ["search": .string(["", "pi", "char"].randomElement(using: &rng)!)]]]
        case 5: return ["list": ["binding": ["type": [JSONValue.null, "grass", "fire"].randomElement(using: &rng)!]]]
        case 6: return ["setLocale": ["locale": .string(["en", "es"].randomElement(using: &rng)!)]]
        case 7: return ["dismissNotice": [:]]
        case 8: return ["favoritesTapped": [:]]
        case 9: return session.star(Int.random(in: 1...30, using: &rng), on: Bool.random(using: &rng))
        case 10:
            guard let id = stack.randomElement(using: &rng) else { return ["destination": ["dismiss": [:]]] }
            return ["path": ["popFrom": ["id": .int(id)]]]
        case 11: return ["destination": ["presented": ["detail": ["typeTapped": ["type": "grass"]]]]]
        default: return ["rename": ["name": .string(["Ash", "Misty"].randomElement(using: &rng)!)]]
        }
    }

    func testRandomActionsKeepTheCopyAFreshProjectionOfTheState() async throws {
        var rng = SeededGenerator(seed: 36)
        let other = try await open()
        let code = try await other.createInvite()
        let session = try await open(route: "/join/\(code)")
        try await session.read { $0.activeListID == other.activeListID }
        for step in 1...150 {
            let action = randomAction(session, &rng)
            try await session.perform(action)
            // A search settles after its debounce, on the server's clock.
            if case .object(let list)? = action["list"], list["binding"] != nil {
                clock.advance(by: .milliseconds(400))
                try await session.read { $0.state["list"]?["status"] != "loading" }
            }
            if step % 10 == 0 {
                try await other.perform(other.star(Int.random(in: 31...60, using: &rng)))
                try await session.read { $0.favorites == other.favorites }
            }
            try await assertCopyIsAFreshProjection(of: session, "step \(step), after \(action)")
        }
        // Missed patches replayed onto the copy it had show what a snapshot shows.
        let start = (state: session.state, seq: session.seq)
        session.close()
        try await other.perform(other.star(61))
        let (copy, seq) = try await resumeReplayingPatches(of: session, from: start) { copy, _ in copy["favorites"]?["61"] != nil }
        let snapshot = try await open(token: session.token, resume: .init(session: session.session, seq: seq + 1000))
        XCTAssertEqual(snapshot.state, copy)
    }
}
