import Composable
import ComposableTesting
import Synchronization
import XCTest

final class SharedTests: XCTestCase {
    func testAChangeThroughOneStoreIsSeenAndNotifiedInAnother() async {
        let favorites = Shared<Set<Int>>([])
        let storeA = Store(initialState: Favorites.State(favorites: favorites), reducer: Favorites())
        let storeB = Store(initialState: Favorites.State(favorites: favorites), reducer: Favorites())
        let notified = expectation(description: "store B observer called")
        await storeB.observe { state in
            if state.favorites.wrappedValue == [25] { notified.fulfill() }
        }
        await storeA.send(.toggle(25))
        await fulfillment(of: [notified], timeout: 5)
        let seen = await storeB.state.favorites.wrappedValue
        XCTAssertEqual(seen, [25])
    }

    func testChangesThatComeWhileAStoreIsBusyReachItsObserverOnce() async {
        let favorites = Shared<Set<Int>>([])
        let store = Store(initialState: Favorites.State(favorites: favorites), reducer: Favorites())
        let seen = Mutex<[Set<Int>]>([])
        let sawBoth = expectation(description: "observer saw both changes")
        let sawThird = expectation(description: "observer saw the third change")
        await store.observe { state in
            let value = state.favorites.wrappedValue
            seen.withLock { $0.append(value) }
            if value == [1, 2] { sawBoth.fulfill() }
            if value == [1, 2, 3] { sawThird.fulfill() }
        }
        // Both changes are made on the Store's executor, so the first's notification cannot
        // run before the second: one notification carries both.
        await store.withState { _ in
            favorites.withLock { $0.insert(1) }
            favorites.withLock { $0.insert(2) }
        }
        await fulfillment(of: [sawBoth], timeout: 5)
        // A change after the observer ran is a notification of its own.
        favorites.withLock { $0.insert(3) }
        await fulfillment(of: [sawThird], timeout: 5)
        XCTAssertEqual(seen.withLock { $0 }, [[1, 2], [1, 2, 3]])
    }

    func testTheObserverIsToldWhetherItsStoreReducedOrOnlySharedValuesChanged() async {
        let favorites = Shared<Set<Int>>([])
        let store = Store(initialState: Tally.State(favorites: favorites), reducer: Tally())
        let seen = Mutex<[(favorites: Set<Int>, count: Int, change: StateChange)]>([])
        let sawChanges = [expectation(description: "first change"), expectation(description: "third change")]
        await store.observeChanges { state, change in
            let calls = seen.withLock { seen in
                seen.append((state.favorites.wrappedValue, state.count, change))
                return seen.count
            }
            if calls == 1 { sawChanges[0].fulfill() }
            if calls == 3 { sawChanges[1].fulfill() }
        }
        // Before its first call the observer has seen nothing: a shared change is then told as
        // a reduced state, which a caller treats as possibly changed anywhere.
        favorites.withLock { $0.insert(1) }
        await fulfillment(of: [sawChanges[0]], timeout: 5)
        await store.send(.increment)
        favorites.withLock { $0.insert(3) }
        await fulfillment(of: [sawChanges[1]], timeout: 5)
        let calls = seen.withLock { $0 }
        XCTAssertEqual(calls.map(\.favorites), [[1], [1], [1, 3]])
        XCTAssertEqual(calls.map(\.count), [0, 1, 1])
        XCTAssertEqual(calls.map(\.change), [.reduced, .reduced, .sharedValues])
    }

    func testKeyedSharedValuesShareOneReferenceAndPersist() {
        let storage = MemoryKey.Storage()
        let key = MemoryKey(id: "list-1", storage: storage)
        let first = Shared(key, default: Set<Int>())
        let second = Shared(key, default: Set<Int>())
        first.withLock { $0.insert(7) }
        XCTAssertEqual(second.wrappedValue, [7])
        XCTAssertEqual(storage.saved, [[7]])
    }

    func testAVersionIsRenewedByEachChangeAndNamesOneReferencesValue() {
        let storage = MemoryKey.Storage()
        let shared = Shared(MemoryKey(id: "list-versions", storage: storage), default: Set<Int>())
        let other = Shared(Set<Int>())
        XCTAssertNotEqual(shared.version, other.version, "two references never share a version")
        let made = shared.version
        XCTAssertEqual(shared.version, made, "reading changes nothing")
        shared.withLock { $0.insert(1) }
        let changed = shared.version
        XCTAssertNotEqual(changed, made)
        XCTAssertTrue(shared.versionedValue == ([1], changed), "the value with its version")
        storage.publish([1])
        XCTAssertEqual(shared.version, changed, "an equal value from storage is no change")
        storage.publish([1, 2])
        XCTAssertNotEqual(shared.version, changed)
        XCTAssertTrue(shared.versionedValue == ([1, 2], shared.version))
        XCTAssertNotEqual(other.version, shared.version)
    }

    func testStorageChangesFromElsewhereReachHolders() {
        let storage = MemoryKey.Storage()
        let shared = Shared(MemoryKey(id: "list-2", storage: storage), default: Set<Int>())
        storage.publish([1, 2])
        XCTAssertEqual(shared.wrappedValue, [1, 2])
        XCTAssertEqual(storage.saved, [], "a value from storage is not saved back")
    }

    func testAReferenceToWhatTheCallerJustStoredIsNotReadBackButAnExistingOneWins() {
        let storage = MemoryKey.Storage()
        storage.stored = [4]
        let fresh = Shared(MemoryKey(id: "list-3", storage: storage), stored: [4])
        XCTAssertEqual(fresh.wrappedValue, [4])
        XCTAssertEqual(storage.loads, 0)
        fresh.withLock { $0.insert(5) }
        let later = Shared(MemoryKey(id: "list-3", storage: storage), stored: [])
        XCTAssertEqual(later.wrappedValue, [4, 5], "the live reference keeps its value")
        XCTAssertEqual(storage.loads, 0)
    }

    @MainActor
    func testTestStoreRequiresSharedChangesToBeAsserted() async {
        let log = FailureLog()
        let store = TestStore<Favorites>.collectingFailures(
            initialState: Favorites.State(favorites: Shared([])), reducer: Favorites(), into: log
        )
        await store.send(.toggle(1)) { $0.favorites.withLock { _ = $0.insert(1) } }
        XCTAssertEqual(log.messages, [])
        await store.send(.toggle(2))
        XCTAssertEqual(log.messages.count, 1)
        XCTAssertTrue(log.messages.first?.contains("Shared value changed") ?? false, "\(log.messages)")
    }
}

/// A persistence key over an in-memory store, recording saves.
struct MemoryKey: SharedKey {
    final class Storage: @unchecked Sendable {
        // Tests touch it from one thread at a time.
        var saved: [Set<Int>] = []
        var stored: Set<Int>?
        var loads = 0
        var listeners: [@Sendable (Set<Int>) -> Void] = []
        func publish(_ value: Set<Int>) { for listener in listeners { listener(value) } }
    }

    let id: String
    let storage: Storage

    func load() -> Set<Int>? {
        storage.loads += 1
        return storage.stored
    }
    func save(_ value: Set<Int>, previous: Set<Int>) { storage.saved.append(value) }
    func subscribe(_ onChange: @escaping @Sendable (Set<Int>) -> Void) -> SharedKeySubscription {
        storage.listeners.append(onChange)
        return SharedKeySubscription {}
    }
}

/// Counts, and holds shared favorites it never changes itself (a Store that changes a shared
/// value also hears of the change, later, which would race with a test's own steps).
private struct Tally: Reducer {
    struct State: Equatable, Sendable {
        var favorites: Shared<Set<Int>>
        var count = 0
    }

    enum Action: Equatable, Sendable {
        case increment
    }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
        state.count += 1
        return .none
    }
}
