import Foundation
import Storage
import XCTest
@testable import PostgresStorage

/// Presence by process heartbeat: who some other live process serves, and how many sessions.
/// Times are given explicitly (`now`), so a lapsed heartbeat is tested without waiting for it.
final class PostgresPresenceStoreTests: PostgresStorageTestCase {
    private let now = Date(timeIntervalSince1970: 1_800_000_000)
    private var presence: PostgresPresenceStore { storage.presence }

    func testOtherProcessesSeeAUserWhileItsProcessIsAlive() throws {
        try presence.setSessions(["ash": 1, "misty": 2], process: "p1", aliveUntil: now + 3, announce: [])

        XCTAssertEqual(try presence.online(among: ["ash", "misty", "brock"], excluding: "p2", at: now), ["ash", "misty"])
        XCTAssertEqual(try presence.online(among: ["ash"], excluding: "p2", at: now + 2.9), ["ash"])
        XCTAssertEqual(try presence.online(among: ["ash", "misty"], excluding: "p2", at: now + 3), [], "its heartbeat lapsed")
        XCTAssertEqual(try presence.online(among: ["ash", "misty"], excluding: "p1", at: now), [], "a process's own rows do not count")
        XCTAssertEqual(try presence.online(among: [], excluding: "p2", at: now), [])
    }

    func testOneHeartbeatKeepsEveryUserOfTheProcessOnline() throws {
        try presence.setSessions(["ash": 1, "misty": 1], process: "p1", aliveUntil: now + 3, announce: [])
        XCTAssertTrue(try presence.heartbeat(process: "p1", aliveUntil: now + 10))

        XCTAssertEqual(try presence.online(among: ["ash", "misty"], excluding: "p2", at: now + 9), ["ash", "misty"])
        XCTAssertEqual(try database.query("SELECT count(*) FROM cluster_processes")[0].int(0), 1)
    }

    func testSessionCountsAddUpOverLiveProcessesAndZeroEndsTheRow() throws {
        try presence.setSessions(["ash": 2], process: "p1", aliveUntil: now + 3, announce: [])
        try presence.setSessions(["ash": 3], process: "p2", aliveUntil: now + 5, announce: [])

        XCTAssertEqual(try presence.sessionCount(of: "ash", excluding: "p3", at: now), 5)
        XCTAssertEqual(try presence.sessionCount(of: "ash", excluding: "p1", at: now), 3)
        XCTAssertEqual(try presence.sessionCount(of: "ash", excluding: "p3", at: now + 4), 3, "p1 is dead by then")
        try presence.setSessions(["ash": 0], process: "p2", aliveUntil: now + 5, announce: [])
        XCTAssertEqual(try presence.sessionCount(of: "ash", excluding: "p1", at: now), 0)
        XCTAssertEqual(try presence.sessionCount(of: "brock", excluding: "p1", at: now), 0)
    }

    func testASweepEndsOnlyDeadProcessesAndNamesEachUserOnce() throws {
        try presence.setSessions(["ash": 1, "misty": 1], process: "p1", aliveUntil: now + 3, announce: [])
        try presence.setSessions(["ash": 1], process: "p2", aliveUntil: now + 3, announce: [])
        try presence.setSessions(["brock": 1], process: "p3", aliveUntil: now + 10, announce: [])

        XCTAssertEqual(try presence.sweepDeadProcesses(at: now + 2), [])
        XCTAssertEqual(try presence.sweepDeadProcesses(at: now + 3).sorted(), ["ash", "misty"])
        XCTAssertEqual(try presence.sweepDeadProcesses(at: now + 3), [])
        XCTAssertEqual(try presence.online(among: ["ash", "misty", "brock"], excluding: "p4", at: now), ["brock"])
        XCTAssertEqual(try database.query("SELECT count(*) FROM presence")[0].int(0), 1)
    }

    func testASweptProcessLearnsItFromItsNextHeartbeat() throws {
        XCTAssertFalse(try presence.heartbeat(process: "p1", aliveUntil: now + 3), "no row before: a new process")
        XCTAssertTrue(try presence.heartbeat(process: "p1", aliveUntil: now + 3))
        _ = try presence.sweepDeadProcesses(at: now + 4)
        XCTAssertFalse(try presence.heartbeat(process: "p1", aliveUntil: now + 7), "swept meanwhile: its users must be written again")
    }

    func testPresenceChangesAreAnnouncedTogetherAndSweepsAsNoOnes() async throws {
        try presence.setSessions(["ash": 1, "misty": 1], process: "p1", aliveUntil: now + 3, announce: ["ash", "misty"])
        let online = try await announced()
        XCTAssertEqual(online, [ours(.presenceChanged(userIDs: ["ash", "misty"]))])

        // Another session of a user already online is nobody else's news.
        try presence.setSessions(["ash": 2], process: "p1", aliveUntil: now + 3, announce: [])
        let counted = try await announced()
        XCTAssertEqual(counted, [])

        XCTAssertEqual(try presence.sweepDeadProcesses(at: now + 3).sorted(), ["ash", "misty"])
        let swept = try await announced()
        XCTAssertEqual(swept.map(\.origin), ["sweep"])
        guard case let .presenceChanged(users) = swept.first?.event else { return XCTFail("expected presence, got \(swept)") }
        XCTAssertEqual(users.sorted(), ["ash", "misty"])
    }

    func testAStormOfUsersIsAFewNoticesWithinThePayloadLimit() throws {
        let users = (0..<1_000).map { String(format: "%032x", $0) }
        let payloads = ChangeNotice.presencePayloads(users, origin: "p1")
        XCTAssertGreaterThan(payloads.count, 1)
        XCTAssertLessThan(payloads.count, 10)
        XCTAssertTrue(payloads.allSatisfy { $0.utf8.count < 8_000 })
        let parsed = payloads.flatMap { payload -> [String] in
            guard case let .presenceChanged(ids)? = ChangeNotice.parse(payload)?.event else { return [] }
            return ids
        }
        XCTAssertEqual(parsed, users)
    }
}
