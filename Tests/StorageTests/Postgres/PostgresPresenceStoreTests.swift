import Foundation
import Storage
import XCTest
@testable import PostgresStorage

/// Presence rows: who some other process serves, until their heartbeat lapses. Times are
/// given explicitly (`now`), so expiry is tested without waiting for it.
final class PostgresPresenceStoreTests: PostgresStorageTestCase {
    private let now = Date(timeIntervalSince1970: 1_800_000_000)
    private var presence: PostgresPresenceStore { storage.presence }

    func testOtherProcessesSeeAUserUntilTheRowExpires() throws {
        try presence.markOnline(["ash", "misty"], process: "p1", until: now + 30, announce: false)

        XCTAssertEqual(try presence.online(among: ["ash", "misty", "brock"], excluding: "p2", at: now), ["ash", "misty"])
        XCTAssertEqual(try presence.online(among: ["ash"], excluding: "p2", at: now + 29.9), ["ash"])
        XCTAssertEqual(try presence.online(among: ["ash", "misty"], excluding: "p2", at: now + 30), [], "expired at its time")
        XCTAssertEqual(try presence.online(among: ["ash", "misty"], excluding: "p1", at: now), [], "a process's own rows do not count")
        XCTAssertEqual(try presence.online(among: [], excluding: "p2", at: now), [])
    }

    func testMarkingOnlineAgainRenewsTheRow() throws {
        try presence.markOnline(["ash"], process: "p1", until: now + 10, announce: false)
        try presence.markOnline(["ash"], process: "p1", until: now + 60, announce: false)

        XCTAssertEqual(try presence.online(among: ["ash"], excluding: "p2", at: now + 30), ["ash"])
        XCTAssertEqual(try database.query("SELECT count(*) FROM presence")[0].int(0), 1)
    }

    func testMarkingOfflineEndsOnlyThatProcessesRow() throws {
        try presence.markOnline(["ash"], process: "p1", until: now + 30, announce: false)
        try presence.markOnline(["ash"], process: "p2", until: now + 30, announce: false)

        try presence.markOffline("ash", process: "p1")

        XCTAssertEqual(try presence.online(among: ["ash"], excluding: "p3", at: now), ["ash"], "still served by p2")
        XCTAssertEqual(try presence.online(among: ["ash"], excluding: "p2", at: now), [])
        try presence.markOffline("ash", process: "p2")
        XCTAssertEqual(try presence.online(among: ["ash"], excluding: "p3", at: now), [])
    }

    func testSweepDeletesWhatExpiredAndNamesEachUserOnce() throws {
        try presence.markOnline(["ash"], process: "p1", until: now + 10, announce: false)
        try presence.markOnline(["ash"], process: "p2", until: now + 10, announce: false)
        try presence.markOnline(["misty"], process: "p1", until: now + 20, announce: false)

        XCTAssertEqual(try presence.sweepExpired(at: now + 9), [])
        XCTAssertEqual(try presence.sweepExpired(at: now + 10), ["ash"])
        XCTAssertEqual(try presence.sweepExpired(at: now + 10), [])
        XCTAssertEqual(try presence.online(among: ["ash", "misty"], excluding: "p3", at: now), ["misty"])
        XCTAssertEqual(try presence.sweepExpired(at: now + 60), ["misty"])
        XCTAssertEqual(try database.query("SELECT count(*) FROM presence")[0].int(0), 0)
    }

    func testPresenceChangesAreAnnouncedWhenAsked() async throws {
        try presence.markOnline(["ash", "misty"], process: "p1", until: now + 10, announce: true)
        let online = try await announced()
        XCTAssertEqual(online, [ours(.presenceChanged(userID: "ash")), ours(.presenceChanged(userID: "misty"))])

        // A heartbeat's renewal is nobody else's news.
        try presence.markOnline(["ash", "misty"], process: "p1", until: now + 20, announce: false)
        let renewed = try await announced()
        XCTAssertEqual(renewed, [])

        try presence.markOffline("misty", process: "p1")
        let offline = try await announced()
        XCTAssertEqual(offline, [ours(.presenceChanged(userID: "misty"))])

        // Swept rows may be another process's: announced as no one's, so every process reloads.
        try presence.markOnline(["ash"], process: "p2", until: now + 20, announce: false)
        XCTAssertEqual(try presence.sweepExpired(at: now + 30), ["ash"])
        let swept = try await announced()
        XCTAssertEqual(swept, [Announcement(origin: "sweep", event: .presenceChanged(userID: "ash"))])
    }

    func testAUserNamedTwiceIsMarkedAndAnnouncedOnce() async throws {
        try presence.markOnline(["ash", "misty", "ash"], process: "p1", until: now + 10, announce: true)
        let heard = try await announced()

        XCTAssertEqual(try presence.online(among: ["ash", "misty"], excluding: "p2", at: now), ["ash", "misty"])
        XCTAssertEqual(try database.query("SELECT count(*) FROM presence")[0].int(0), 2)
        XCTAssertEqual(heard, [ours(.presenceChanged(userID: "ash")), ours(.presenceChanged(userID: "misty"))])
    }
}

/// A batch of comings and goings: one transaction, each user announced once.
final class PostgresPresenceBatchTests: PostgresStorageTestCase {
    private let now = Date(timeIntervalSince1970: 1_800_000_000)
    private var presence: PostgresPresenceStore { storage.presence }

    func testABatchMarksTheOnlineAndEndsTheOfflineAndAnnouncesEachOnce() async throws {
        try presence.markOnline(["brock"], process: "p1", until: now + 30, announce: false)
        try presence.markOnline(["brock"], process: "p2", until: now + 30, announce: false)

        try presence.markPresence(online: ["ash", "misty", "ash"], offline: ["brock"], process: "p1", until: now + 30)

        XCTAssertEqual(try presence.online(among: ["ash", "misty", "brock"], excluding: "p3", at: now), ["ash", "misty", "brock"])
        XCTAssertEqual(try presence.online(among: ["brock"], excluding: "p2", at: now), [], "p1's row of brock is gone, p2's stays")
        let heard = try await announced()
        let expected = ["ash", "misty", "brock"].map { ours(.presenceChanged(userID: $0)).description }
        XCTAssertEqual(heard.map(\.description).sorted(), expected.sorted())
    }

    func testAnEmptyBatchWritesAndAnnouncesNothing() async throws {
        try presence.markPresence(online: [], offline: [], process: "p1", until: now + 30)
        let heard = try await announced()
        XCTAssertEqual(heard, [])
    }
}
