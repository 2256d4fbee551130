import Foundation
@testable import PokedexServer
import PokedexFeatures
import Storage
import Synchronization
import XCTest

/// The saver writes a changed screen promptly (within its delay of 50 ms) and coalesced: the
/// sessions that changed meanwhile share one write, each with its latest screen, and one write
/// runs at a time. The clock moves only when the test says.
final class SessionSaverTests: XCTestCase {
    /// Records each write; a write may be held until the test lets it go.
    final class RecordingStore: SessionStore, @unchecked Sendable {
        let writes = Mutex<[[SavedSession]]>([])
        let holding = Mutex<DispatchSemaphore?>(nil)
        let running = Atomic<Int>(0)
        let mostAtOnce = Atomic<Int>(0)

        func save(_ sessions: [SavedSession]) throws {
            let now = running.add(1, ordering: .relaxed).newValue
            _ = mostAtOnce.max(now, ordering: .relaxed)
            holding.withLock { $0 }?.wait()
            writes.withLock { $0.append(sessions) }
            running.subtract(1, ordering: .relaxed)
        }

        func session(id: String) throws -> SavedSession? { nil }
        /// The cutoff of each sweep.
        let sweeps = Mutex<[Date]>([])
        func deleteSessions(savedBefore date: Date) throws -> Int {
            sweeps.withLock { $0.append(date) }
            return 0
        }

        var count: Int { writes.withLock { $0.count } }
    }

    let clock = ManualClock()
    let store = RecordingStore()
    lazy var saver = SessionSaver(store: store, storage: StorageQueue(), clock: clock.clock)

    func screen(_ route: String, search: String = "") -> RestorableState {
        RestorableState(route: route, search: search, activeListID: "list")
    }

    /// Polls until `condition` holds, failing after a real-time deadline: the write runs on
    /// the storage queue, after the clock released it.
    func waitUntil(_ what: String, _ condition: () -> Bool) async throws {
        let deadline = ContinuousClock.now + .seconds(10)
        while !condition() {
            guard ContinuousClock.now < deadline else { return XCTFail("gave up waiting for \(what)") }
            try await Task.sleep(for: .milliseconds(2))
        }
    }

    func testChangesWithinTheDelayShareOneWriteWithEachSessionsLatestScreen() async throws {
        saver.changed(session: "a", user: "ash", to: screen("/pokemon/1"))
        saver.changed(session: "b", user: "misty", to: screen("/pokemon/7"))
        saver.changed(session: "a", user: "ash", to: screen("/pokemon/4", search: "char"))
        await clock.sleepers(1)

        clock.advance(by: .milliseconds(49))
        XCTAssertEqual(store.count, 0, "nothing before the delay")
        clock.advance(by: .milliseconds(1))
        try await waitUntil("the write") { store.count == 1 }

        let written = store.writes.withLock { $0[0] }.sorted { $0.id < $1.id }
        XCTAssertEqual(written.map(\.id), ["a", "b"])
        XCTAssertEqual(written.map(\.state), [screen("/pokemon/4", search: "char").encoded, screen("/pokemon/7").encoded])
    }

    /// Changes are kept as a list until the write; one longer than the compaction's bound is
    /// cut to each session's latest on the way, so the write still saves those.
    func testManyChangesBetweenWritesKeepEachSessionsLatest() async throws {
        let changes = SessionSaver.smallestCompaction * 2 + 7
        for index in 0..<changes {
            saver.changed(session: "s\(index % 3)", user: "ash", to: screen("/pokemon/\(index % 151 + 1)", search: "\(index)"))
        }
        await clock.sleepers(1)
        clock.advance(by: .milliseconds(50))
        try await waitUntil("the write") { store.count == 1 }

        let written = store.writes.withLock { $0[0] }.sorted { $0.id < $1.id }
        XCTAssertEqual(written.map(\.id), ["s0", "s1", "s2"])
        let latest = (changes - 3..<changes).sorted { $0 % 3 < $1 % 3 }
        XCTAssertEqual(written.map(\.state), latest.map { screen("/pokemon/\($0 % 151 + 1)", search: "\($0)").encoded })
    }

    /// The first write also deletes the screens older than the retention, and then a write
    /// does once a day: the table no longer keeps a row for every session ever made.
    func testWritesSweepOldScreensOnceADay() async throws {
        func write(_ session: String) async throws {
            let before = store.count
            saver.changed(session: session, user: "ash", to: screen("/pokemon/1"))
            await clock.sleepers(1)
            clock.advance(by: .milliseconds(50))
            try await waitUntil("write of \(session)") { store.count == before + 1 }
        }
        try await write("a")
        try await waitUntil("the first sweep") { store.sweeps.withLock { $0.count } == 1 }
        let cutoff = try XCTUnwrap(store.sweeps.withLock { $0.first })
        XCTAssertEqual(cutoff.timeIntervalSince(clock.date), -SessionSaver.retention, accuracy: 1)

        // The same day: writes, no sweep (each write's sweep would be done before the next).
        try await write("b")
        try await write("c")
        XCTAssertEqual(store.sweeps.withLock { $0.count }, 1)

        clock.advance(by: .seconds(Int64(SessionSaver.sweepInterval)))
        try await write("d")
        try await waitUntil("the next day's sweep") { store.sweeps.withLock { $0.count } == 2 }
    }

    func testChangesDuringAWriteWaitForItAndGoInTheNextOne() async throws {
        let gate = DispatchSemaphore(value: 0)
        store.holding.withLock { $0 = gate }
        saver.changed(session: "a", user: "ash", to: screen("/pokemon/1"))
        await clock.sleepers(1)
        clock.advance(by: .milliseconds(50))
        try await waitUntil("the first write to start") { store.running.load(ordering: .relaxed) == 1 }

        saver.changed(session: "a", user: "ash", to: screen("/pokemon/2"))
        saver.changed(session: "a", user: "ash", to: screen("/pokemon/3"))
        await clock.sleepers(1)
        clock.advance(by: .milliseconds(50))
        // The second write is due but waits for the first.
        let saver = self.saver
        let flushed = Task { await saver.flush() }
        store.holding.withLock { $0 = nil }
        gate.signal()
        await flushed.value
        try await waitUntil("both writes") { store.count == 2 }

        XCTAssertEqual(store.writes.withLock { $0 }.map { $0.map(\.state) }, [[screen("/pokemon/1").encoded], [screen("/pokemon/3").encoded]])
        XCTAssertEqual(store.mostAtOnce.load(ordering: .relaxed), 1, "one write at a time")
    }

    /// A saved screen is the same small object whatever writes it (rows saved before are read
    /// back as they were): members in this order, the optional ones only when set, escaped.
    func testASavedScreenIsEncodedAsASmallObjectAndReadBack() {
        XCTAssertEqual(screen("/pokemon/25").encoded, #"{"route":"/pokemon/25","search":"","list":"list"}"#)
        let full = RestorableState(
            route: "/favorites", search: "Mr. \"Mime\"\n", typeFilter: "fire", activeListID: "4c", locale: .es, favoritesSort: .name
        )
        XCTAssertEqual(
            full.encoded, #"{"route":"/favorites","search":"Mr. \"Mime\"\n","list":"4c","type":"fire","locale":"es","sort":"name"}"#
        )
        XCTAssertEqual(RestorableState(encoded: full.encoded), full)
        XCTAssertEqual(RestorableState(encoded: screen("/").encoded), screen("/"))
    }
}
