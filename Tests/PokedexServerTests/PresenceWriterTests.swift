import Foundation
@testable import PokedexServer
import Storage
import Synchronization
import XCTest

/// Presence marks reach the store in order, each user with their latest state, in batches.
final class PresenceWriterTests: XCTestCase {
    /// Records each batch; the first batch waits until the test lets it go, so everything
    /// marked meanwhile queues behind it.
    private final class RecordingStore: PresenceStore, @unchecked Sendable {
        let batches = Mutex<[(online: Set<String>, offline: Set<String>)]>([])
        let firstBatchStarted = DispatchSemaphore(value: 0)
        let firstBatchMayEnd = DispatchSemaphore(value: 0)
        let wrote: (Int) -> Void

        init(wrote: @escaping (Int) -> Void) { self.wrote = wrote }

        func markPresence(online: [String], offline: [String], process: String, until expiresAt: Date) throws {
            let count = batches.withLock { batches in
                batches.append((Set(online), Set(offline)))
                return batches.count
            }
            if count == 1 {
                firstBatchStarted.signal()
                firstBatchMayEnd.wait()
            }
            wrote(count)
        }

        func markOnline(_ users: [String], process: String, until expiresAt: Date, announce: Bool) throws {}
        func markOffline(_ user: String, process: String) throws {}
        func online(among users: [String], excluding process: String, at now: Date) throws -> Set<String> { [] }
        func sweepExpired(at now: Date) throws -> [String] { [] }
    }

    func testWhatQueuesDuringABatchGoesInTheNextWithEachUsersLatestState() {
        let secondWritten = expectation(description: "the second batch is written")
        let store = RecordingStore { if $0 == 2 { secondWritten.fulfill() } }
        let writer = PresenceWriter(store: store, process: "p1", storage: StorageQueue(), expiry: 30)

        writer.mark("ash", online: true)
        // The first batch is under way (held by the store); these queue behind it.
        store.firstBatchStarted.wait()
        writer.mark("misty", online: true)
        writer.mark("ash", online: false)
        writer.mark("brock", online: true)
        writer.mark("brock", online: false)
        writer.mark("misty", online: false)
        writer.mark("misty", online: true)
        store.firstBatchMayEnd.signal()

        wait(for: [secondWritten], timeout: 10)
        let batches = store.batches.withLock { $0 }
        XCTAssertEqual(batches.count, 2)
        XCTAssertEqual(batches[0].online, ["ash"])
        XCTAssertEqual(batches[1].online, ["misty"])
        XCTAssertEqual(batches[1].offline, ["ash", "brock"])
    }
}
