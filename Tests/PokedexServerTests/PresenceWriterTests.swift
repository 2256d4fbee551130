import Foundation
@testable import PokedexServer
import Storage
import Synchronization
import TestSupport
import XCTest

/// Session counts reach the store in order, each user with their latest count, in batches; a
/// batch that fails is kept and written once storage answers again.
final class PresenceWriterTests: XCTestCase {
    /// Records each batch; the first batch waits until the test lets it go, so everything
    /// set meanwhile queues behind it. Fails while `isDown`.
    private final class RecordingStore: PresenceStore, @unchecked Sendable {
        let batches = Mutex<[(sessions: [String: Int], announce: Set<String>)]>([])
        let isDown = Atomic<Bool>(false)
        let holdsFirstBatch: Bool
        let firstBatchStarted = DispatchSemaphore(value: 0)
        let firstBatchMayEnd = DispatchSemaphore(value: 0)
        let wrote: @Sendable (Int) -> Void

        init(holdsFirstBatch: Bool = true, wrote: @escaping @Sendable (Int) -> Void) {
            self.holdsFirstBatch = holdsFirstBatch
            self.wrote = wrote
        }

        struct Down: Error {}

        func setSessions(_ sessions: [String: Int], process: String, aliveUntil: Date, announce: [String]) throws {
            if isDown.load(ordering: .relaxed) { throw Down() }
            let count = batches.withLock { batches in
                batches.append((sessions, Set(announce)))
                return batches.count
            }
            if count == 1, holdsFirstBatch {
                firstBatchStarted.signal()
                firstBatchMayEnd.wait()
            }
            wrote(count)
        }

        func heartbeat(process: String, aliveUntil: Date) throws -> Bool { true }
        func online(among users: [String], excluding process: String, at now: Date) throws -> Set<String> { [] }
        func sessionCount(of userID: String, excluding process: String, at now: Date) throws -> Int { 0 }
        func sweepDeadProcesses(at now: Date) throws -> [String] { [] }
    }

    private func writer(_ store: RecordingStore, failed: @escaping @Sendable (any Error) -> Void = { _ in }) -> PresenceWriter {
        PresenceWriter(store: store, process: "p1", storage: StorageQueue(), aliveUntil: { Date(timeIntervalSince1970: 0) }, failed: failed)
    }

    func testWhatQueuesDuringABatchGoesInTheNextWithEachUsersLatestCount() {
        let secondWritten = expectation(description: "the second batch is written")
        let store = RecordingStore { if $0 == 2 { secondWritten.fulfill() } }
        let writer = writer(store)

        writer.set("ash", sessions: 1, announce: true)
        // The first batch is under way (held by the store); these queue behind it.
        store.firstBatchStarted.wait()
        writer.set("misty", sessions: 1, announce: true)
        writer.set("ash", sessions: 0, announce: true)
        writer.set("brock", sessions: 1, announce: true)
        writer.set("brock", sessions: 2, announce: false)
        writer.set("misty", sessions: 2, announce: false)
        store.firstBatchMayEnd.signal()

        wait(for: [secondWritten], timeout: 10)
        let batches = store.batches.withLock { $0 }
        XCTAssertEqual(batches.count, 2)
        XCTAssertEqual(batches[0].sessions, ["ash": 1])
        XCTAssertEqual(batches[0].announce, ["ash"])
        XCTAssertEqual(batches[1].sessions, ["misty": 2, "ash": 0, "brock": 2])
        XCTAssertEqual(batches[1].announce, ["misty", "ash", "brock"])
    }

    func testAFailedBatchIsLoggedKeptAndWrittenOnTheNextFlush() async throws {
        let failures = Atomic<Int>(0)
        let store = RecordingStore(holdsFirstBatch: false) { _ in }
        let writer = writer(store) { _ in failures.add(1, ordering: .relaxed) }
        store.isDown.store(true, ordering: .relaxed)
        writer.set("ash", sessions: 1, announce: true)
        try await waitUntil("the batch failed and was reported") { failures.load(ordering: .relaxed) == 1 }

        store.isDown.store(false, ordering: .relaxed)
        writer.set("misty", sessions: 1, announce: true)
        writer.flush()
        try await waitUntil("the kept batch is written") { store.batches.withLock { !$0.isEmpty } }
        let batches = store.batches.withLock { $0 }
        XCTAssertEqual(batches.first?.sessions, ["ash": 1, "misty": 1])
        XCTAssertEqual(batches.first?.announce, ["ash", "misty"])
    }
}
