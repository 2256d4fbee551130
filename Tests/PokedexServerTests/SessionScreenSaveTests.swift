import Foundation
import PokedexFeatures
@testable import PokedexServer
import StateSync
import TestSupport
import XCTest

/// What a session hands its saver (`SessionSaverTests` steps the windows themselves): a join
/// and a closed connection's screen are due in the short window, so a crash right after
/// either still resumes elsewhere on the list joined, with the screen last shown.
final class SessionScreenSaveTests: InProcessTestCase {
    func saved(_ session: TestSession) async -> RestorableState? {
        await server.app.saver.saved(session: session.session, user: session.userID ?? "")
    }

    /// Advances the clock by the short window once a write is due within it, and waits for
    /// the row to say `done`.
    func saveWithinTheShortWindow(_ session: TestSession, _ done: @escaping (RestorableState) -> Bool) async throws {
        let clock = self.clock, window = server.app.saver.delay
        try await waitUntil("a write due within \(window)") { clock.hasSleeper(dueBy: clock.now + window) }
        clock.advance(by: window)
        try await waitUntil("the screen saved", every: .milliseconds(5)) { await saved(session).map(done) ?? false }
    }

    func testAJoinIsSavedWithinTheShortWindow() async throws {
        let owner = try await open()
        let code = try await owner.createInvite()
        let member = try await open()
        let joined = try await member.perform(["navigate": ["route": .string("/join/\(code)")]])
        XCTAssertNil(joined)
        try await member.read { $0.activeListID == owner.activeListID }
        try await saveWithinTheShortWindow(member) { $0.activeListID == owner.activeListID }
    }

    func testAClosedConnectionsScreenIsSavedWithinTheShortWindow() async throws {
        let tab = try await open()
        try await tab.perform(["list": ["binding": ["search": "char"]]])
        try await tab.perform(["navigate": ["route": "/pokemon/4"]])
        tab.close()
        try await saveWithinTheShortWindow(tab) { $0.search == "char" && $0.route == "/pokemon/4" }
    }
}
