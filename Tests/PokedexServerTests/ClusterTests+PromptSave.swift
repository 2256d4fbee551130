import Foundation
import StateSync
import XCTest

/// The screen survives its process dying right after a change.
extension ClusterTests {
    func testAJoinRightBeforeTheProcessIsKilledResumesOnTheOtherWithTheJoinedListActive() async throws {
        let doomed = try startProcess(), survivor = try startProcess()
        let owner = try await open(survivor)
        let list = try XCTUnwrap(owner.state["lists"]?["active"]?.stringValue)
        let code = try await invite(owner)
        let member = try await open(doomed)
        XCTAssertNotEqual(member.state["lists"]?["active"]?.stringValue, list)

        let joined = try await member.perform(["navigate": ["route": .string("/join/\(code)")]])
        XCTAssertNil(joined)
        try await member.read { $0.state["lists"]?["active"]?.stringValue == list }
        // The saver writes a changed screen within 50 ms; a deadline well under the 2 s it
        // used to wait, with room for a loaded machine.
        try await database.waitUntil(
            "SELECT 1 FROM saved_sessions WHERE id = $1 AND state LIKE $2", [.text(member.session), .text("%\(list)%")],
            timeout: .milliseconds(1500)
        )
        doomed.signal(SIGKILL)
        _ = doomed.exitStatus()

        let resumed = try await open(survivor, token: member.token, resume: .init(session: member.session, seq: member.seq))
        XCTAssertEqual(resumed.session, member.session)
        XCTAssertEqual(resumed.state["lists"]?["active"]?.stringValue, list)
        XCTAssertEqual(resumed.state["route"], "/favorites")
    }
}
