@testable import PokedexServer
import TestSupport
import XCTest

/// A session whose browser went away is kept for the grace period (30 s here) on the server's
/// clock, so a reconnect can resume it, and ends once the period is over.
final class SessionGraceTests: InProcessTestCase {
    func testASessionOutlivesItsConnectionForTheGracePeriodOnly() async throws {
        let tab = try await open()
        let registry = server.app.registry
        let id = tab.session
        tab.close()
        try await waitUntil("the session is disconnected") { registry.session(id: id)?.disconnectedAt.withLock { $0 } != nil }

        clock.advance(by: .seconds(29))
        XCTAssertNotNil(registry.session(id: id), "kept within the grace period")

        clock.advance(by: .seconds(2))
        try await waitUntil("the session ends") { registry.session(id: id) == nil }
    }

    /// Nothing holds a session weakly (INTERNALS.md, "Nothing holds a session weakly"): its
    /// observer holds it until `tearDown`, so a session that ends must be torn down and then
    /// freed, or every ended session would stay in memory.
    func testAnEndedSessionIsFreed() async throws {
        let tab = try await open()
        let registry = server.app.registry
        let id = tab.session
        weak var session = registry.session(id: id)
        XCTAssertNotNil(session)
        tab.close()
        try await waitUntil("the session is disconnected") { registry.session(id: id)?.disconnectedAt.withLock { $0 } != nil }

        clock.advance(by: .seconds(31))
        try await waitUntil("the session ends") { registry.session(id: id) == nil }
        try await waitUntil("the ended session is freed") { session == nil }
    }
}
