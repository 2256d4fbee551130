import Foundation
@testable import PokedexServer
import PokedexFeatures
import Storage
import Synchronization
import XCTest

/// The saver writes a change of active list (a join) within its short window of 50 ms, any
/// other change of screen within its long one of 2 s, and a closed connection's screen within
/// the short one again; each write takes every screen that waits, with its latest state, and
/// one write runs at a time. The clock moves only when the test says.
final class SessionSaverTests: XCTestCase {
    /// Records each write; a write may be held until the test lets it go, or fail.
    final class RecordingStore: SessionStore, @unchecked Sendable {
        let writes = Mutex<[[SavedSession]]>([])
        let holding = Mutex<DispatchSemaphore?>(nil)
        let failing = Atomic<Bool>(false)
        let attempts = Atomic<Int>(0)
        let running = Atomic<Int>(0)
        let mostAtOnce = Atomic<Int>(0)

        func save(_ sessions: [SavedSession]) throws {
            attempts.add(1, ordering: .relaxed)
            if failing.load(ordering: .relaxed) { throw StorageAway() }
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
        /// The states of each write, by session.
        var written: [[String: String]] {
            writes.withLock { $0.map { Dictionary(uniqueKeysWithValues: $0.map { ($0.id, $0.state) }) } }
        }
    }

    struct StorageAway: Error {}

    let clock = ManualClock()
    let store = RecordingStore()
    lazy var saver = SessionSaver(store: store, storage: StorageQueue(), clock: clock.clock)
    /// Each session's screen, as its session holds it (made at its first change).
    var screens: [String: SavedScreen] = [:]

    func screen(_ route: String, search: String = "", list: String = "list") -> RestorableState {
        RestorableState(route: route, search: search, activeListID: list)
    }

    /// Session `id` now shows `state`, as a session hands it over (its first change queues it,
    /// urgent when `urgentFirst`).
    func change(_ id: String, to state: RestorableState, urgentFirst: Bool = false) {
        if let saved = screens[id] {
            saver.hand(saved, saved.change(to: state))
        } else {
            let saved = SavedScreen(sessionID: id, userID: "ash", first: state, urgent: urgentFirst)
            screens[id] = saved
            saver.hand(saved, .queue(urgent: urgentFirst))
        }
    }

    func close(_ id: String) {
        let saved = screens[id]!
        saver.hand(saved, saved.closed())
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

    func testBrowseChangesWithinTheLongWindowShareOneWriteWithEachSessionsLatestScreen() async throws {
        change("a", to: screen("/pokemon/1"))
        change("b", to: screen("/pokemon/7"))
        change("a", to: screen("/pokemon/4", search: "char"))
        await clock.sleepers(1)

        clock.advance(by: .milliseconds(50))
        clock.advance(by: .milliseconds(1949))
        XCTAssertEqual(store.count, 0, "a browse change waits for the long window, not the short one")
        clock.advance(by: .milliseconds(1))
        try await waitUntil("the write") { store.count == 1 }

        XCTAssertEqual(store.written, [["a": screen("/pokemon/4", search: "char").encoded, "b": screen("/pokemon/7").encoded]])
    }

    /// A join is what a crash must not lose (the resume elsewhere showed the old list): a
    /// change of active list cuts the long window short, and takes the browse changes with it.
    func testAChangeOfActiveListIsWrittenWithinTheShortWindow() async throws {
        change("a", to: screen("/pokemon/1"))
        change("b", to: screen("/pokemon/7"))
        await clock.sleepers(1)
        clock.advance(by: .milliseconds(500))
        change("a", to: screen("/favorites", list: "joined"))
        await clock.sleepers(2)
        clock.advance(by: .milliseconds(49))
        XCTAssertEqual(store.count, 0)
        clock.advance(by: .milliseconds(1))
        try await waitUntil("the write") { store.count == 1 }
        XCTAssertEqual(store.written, [["a": screen("/favorites", list: "joined").encoded, "b": screen("/pokemon/7").encoded]])

        // The long window's timer, replaced, writes nothing when it wakes.
        clock.advance(by: .seconds(2))
        // A session whose first screen to save is on a joined list is urgent too.
        change("c", to: screen("/favorites", list: "joined"), urgentFirst: true)
        await clock.sleepers(1)
        clock.advance(by: .milliseconds(50))
        try await waitUntil("the second write") { store.count == 2 }
        XCTAssertEqual(store.written.last, ["c": screen("/favorites", list: "joined").encoded])
    }

    /// A reconnect elsewhere would want the screen of a connection that closed: its write is
    /// due in the short window.
    func testAClosedConnectionsScreenIsWrittenWithinTheShortWindow() async throws {
        change("a", to: screen("/pokemon/1", search: "bulb"))
        await clock.sleepers(1)
        close("a")
        await clock.sleepers(2)
        clock.advance(by: .milliseconds(50))
        try await waitUntil("the write") { store.count == 1 }
        XCTAssertEqual(store.written, [["a": screen("/pokemon/1", search: "bulb").encoded]])

        // A screen written already has nothing to hurry.
        XCTAssertEqual(screens["a"]?.closed(), SavedScreen.Handing.none)
    }

    /// Shutting down writes what waits, without waiting for either window.
    func testFlushWritesEveryWaitingScreenAtOnce() async throws {
        change("a", to: screen("/pokemon/1"))
        change("b", to: screen("/pokemon/2", list: "joined"))
        await saver.flush()
        XCTAssertEqual(store.written, [["a": screen("/pokemon/1").encoded, "b": screen("/pokemon/2", list: "joined").encoded]])
        // Taken by that write: the next change is held again.
        XCTAssertEqual(screens["a"]?.change(to: screen("/pokemon/3")), .queue(urgent: false))
    }

    /// A session's changes between writes are made in its screen: the saver holds each
    /// session once, however often it changed.
    func testManyChangesBetweenWritesHoldEachSessionOnce() async throws {
        let changes = 10_000
        for index in 0..<changes {
            change("s\(index % 3)", to: screen("/pokemon/\(index % 151 + 1)", search: "\(index)"))
        }
        await clock.sleepers(1)
        clock.advance(by: .seconds(2))
        try await waitUntil("the write") { store.count == 1 }

        let latest = (changes - 3..<changes).map { index in ("s\(index % 3)", screen("/pokemon/\(index % 151 + 1)", search: "\(index)").encoded) }
        XCTAssertEqual(store.written, [Dictionary(uniqueKeysWithValues: latest)])
        XCTAssertEqual(store.writes.withLock { $0[0].count }, 3)
    }

    /// A write that failed is tried again after `retryDelay`, with each screen's latest state.
    func testAFailedWriteIsTriedAgainWithTheLatestScreens() async throws {
        store.failing.store(true, ordering: .relaxed)
        change("a", to: screen("/pokemon/1"))
        await clock.sleepers(1)
        clock.advance(by: .seconds(2))
        try await waitUntil("the failed write") { store.attempts.load(ordering: .relaxed) == 1 }
        await clock.sleepers(1)
        store.failing.store(false, ordering: .relaxed)
        change("a", to: screen("/pokemon/2"))
        clock.advance(by: .seconds(1))
        try await waitUntil("the retry") { store.count == 1 }
        XCTAssertEqual(store.written, [["a": screen("/pokemon/2").encoded]])
    }

    /// The first write also deletes the screens older than the retention, and then a write
    /// does once a day: the table no longer keeps a row for every session ever made.
    func testWritesSweepOldScreensOnceADay() async throws {
        func write(_ session: String) async throws {
            let before = store.count
            change(session, to: screen("/pokemon/1"))
            await clock.sleepers(1)
            clock.advance(by: .seconds(2))
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
        change("a", to: screen("/pokemon/1"))
        await clock.sleepers(1)
        clock.advance(by: .seconds(2))
        try await waitUntil("the first write to start") { store.running.load(ordering: .relaxed) == 1 }

        change("a", to: screen("/pokemon/2"))
        change("a", to: screen("/pokemon/3"))
        await clock.sleepers(1)
        clock.advance(by: .seconds(2))
        // The second write is due but waits for the first.
        let saver = self.saver
        let flushed = Task { await saver.flush() }
        store.holding.withLock { $0 = nil }
        gate.signal()
        await flushed.value
        try await waitUntil("both writes") { store.count == 2 }

        XCTAssertEqual(store.written, [["a": screen("/pokemon/1").encoded], ["a": screen("/pokemon/3").encoded]])
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
