import Storage
import Synchronization
import XCTest
@testable import PokedexServer

/// The change feed's rules: each change once, in seq order, whatever order it arrives in; a
/// gap that does not fill reloads the list; a list read off the thread tells its subscribers.
final class FavoritesFeedTests: XCTestCase {
    /// What storage holds, and how often it was read.
    final class FakeStorage: Sendable {
        let snapshot = Mutex(FavoritesSnapshot(ids: [], seq: 0))
        let reads = Atomic<Int>(0)
        func read(_ listID: String) -> FavoritesSnapshot? {
            reads.add(1, ordering: .relaxed)
            return snapshot.withLock { $0 }
        }
    }

    /// Background work the test runs when it chooses (no thread, no timing).
    final class ManualQueue: Sendable {
        let jobs = Mutex<[@Sendable () -> Void]>([])
        func enqueue(_ job: @escaping @Sendable () -> Void) { jobs.withLock { $0.append(job) } }
        func runAll() { for job in jobs.withLock({ jobs in defer { jobs = [] }; return jobs }) { job() } }
    }

    func change(_ seq: Int, _ id: Int, on: Bool = true) -> FavoriteChange {
        FavoriteChange(listID: "l", seq: seq, pokemonID: id, isFavorite: on, userID: "u")
    }

    func testChangesApplyOnceAndInOrderWhateverOrderTheyCome() {
        let storage = FakeStorage()
        let feed = FavoritesFeed(gapTimeout: .seconds(3600)) { storage.read($0) }
        XCTAssertEqual(feed.load("l"), [])
        let told = Mutex<[Set<Int>]>([])
        let cancel = feed.subscribe("l") { ids in told.withLock { $0.append(ids) } }
        feed.receive(change(2, 7))        // ahead of its turn: waits for 1
        XCTAssertEqual(told.withLock { $0 }, [])
        feed.receive(change(1, 25))
        feed.receive(change(1, 25))       // heard twice (its own commit, then the database)
        feed.receive(change(3, 25, on: false))
        XCTAssertEqual(told.withLock { $0 }, [[25, 7], [7]])
        XCTAssertEqual(feed.held("l"), [7])
        cancel()
        XCTAssertNil(feed.held("l"), "a list nobody holds is let go")
    }

    func testAGapThatDoesNotFillReloadsTheListOnceItsTimeoutPasses() async throws {
        let storage = FakeStorage()
        let time = ManualClock()
        let feed = FavoritesFeed(gapTimeout: .milliseconds(500), clock: time.clock) { storage.read($0) }
        _ = feed.load("l")
        let reloaded = expectation(description: "told the reloaded set")
        let cancel = feed.subscribe("l") { ids in if ids == [4, 9] { reloaded.fulfill() } }
        // Change 1 was missed (the feed was reconnecting); storage has both.
        storage.snapshot.withLock { $0 = FavoritesSnapshot(ids: [4, 9], seq: 2) }
        feed.receive(change(2, 9))
        await time.sleepers(1)
        time.advance(by: .milliseconds(499))
        XCTAssertEqual(feed.reloads.load(ordering: .relaxed), 0, "the gap may still fill")
        time.advance(by: .milliseconds(1))
        await fulfillment(of: [reloaded], timeout: 10)
        XCTAssertEqual(feed.reloads.load(ordering: .relaxed), 1)
        cancel()
    }

    func testAListReadOffTheThreadTellsItsSubscribersAndKeepsChangesThatCameMeanwhile() {
        let storage = FakeStorage()
        storage.snapshot.withLock { $0 = FavoritesSnapshot(ids: [1], seq: 1) }
        let queue = ManualQueue()
        let feed = FavoritesFeed(background: { queue.enqueue($0) }) { storage.read($0) }
        let told = Mutex<[Set<Int>]>([])
        let cancel = feed.subscribe("l") { ids in told.withLock { $0.append(ids) } }
        feed.loadLater("l")
        XCTAssertEqual(storage.reads.load(ordering: .relaxed), 0, "nothing read on the calling thread")
        feed.receive(change(2, 5))       // committed while the read is under way
        queue.runAll()
        XCTAssertEqual(told.withLock { $0.last }, [1, 5])
        cancel()
    }

    /// A session's own star, committed here before another process's earlier star arrives,
    /// may leave the list looking as it did (set by one, unset by the other): no subscriber
    /// sees a new value, so whoever waits for the star's seq is told when the list reaches it.
    func testWaitersForASeqAreToldWhenTheListReachesItEvenIfItLooksTheSame() {
        let storage = FakeStorage()
        let feed = FavoritesFeed(gapTimeout: .seconds(3600)) { storage.read($0) }
        _ = feed.load("l")
        let cancel = feed.subscribe("l") { _ in }
        let told = Mutex<[String]>([])
        feed.whenShown("l", seq: 0) { told.withLock { $0.append("seq 0") } }
        XCTAssertEqual(told.withLock { $0 }, ["seq 0"], "already there: at once")
        feed.whenShown("l", seq: 2) { told.withLock { $0.append("seq 2") } }
        feed.receive(change(2, 25, on: false))
        XCTAssertEqual(told.withLock { $0 }, ["seq 0"], "2 waits for 1")
        feed.receive(change(1, 25))
        XCTAssertEqual(told.withLock { $0 }, ["seq 0", "seq 2"])
        XCTAssertEqual(feed.held("l"), [])
        feed.whenShown("elsewhere", seq: 9) { told.withLock { $0.append("not held") } }
        XCTAssertEqual(told.withLock { $0 }.last, "not held", "a list not held here: at once")
        cancel()
    }
}
