import Composable
import ComposableTesting
import Synchronization
import TestSupport
import XCTest

final class StoreTests: XCTestCase {
    func testObserverHearsOncePerBatchWithActionsReducedInOrder() async {
        let store = Store(initialState: Counter.State(), reducer: Counter())
        let seen = Mutex<[Int]>([])
        await store.observe { state in seen.withLock { $0.append(state.count) } }
        await store.send(.incrementTwiceTapped)
        await store.send([.increment, .increment, .increment])
        XCTAssertEqual(seen.withLock { $0 }, [2, 5])
    }

    func testSendBuildsTheActionFromTheCurrentStateOrSendsNothingWhenBuildingThrows() async {
        struct Refused: Error, Equatable {}
        let store = Store(initialState: Counter.State(), reducer: Counter())
        let seen = Mutex<[Int]>([])
        await store.observe { state in seen.withLock { $0.append(state.count) } }
        await store.send(.increment)
        // Two increments while the count is odd, one otherwise: the builder sees count 1.
        await store.send { state in state.count % 2 == 1 ? .incrementTwiceTapped : .increment }
        do {
            try await store.send { (_) throws(Refused) in throw Refused() }
            XCTFail("expected the builder's error")
        } catch {
            XCTAssertEqual(error, Refused())
        }
        XCTAssertEqual(seen.withLock { $0 }, [1, 3])
    }

    func testSendReturnsATaskThatFinishesWithItsEffects() async throws {
        let clock = TestClock()
        let store = Store(initialState: Counter.State(), reducer: Counter()) { $0.clock = clock }
        let task = await store.send(.factTapped)
        try await waitUntil("the fact effect sleeps on the clock") { clock.sleeperCount > 0 }
        await clock.advance(by: .seconds(1))
        await task.finish()
        let fact = await store.state.fact
        XCTAssertEqual(fact, "0 is a number")
    }

    func testAReleasedStoreCancelsItsEffectsAndFreesItsState() async throws {
        let clock = TestClock()
        weak var weakStore: Store<Favorites>?
        weak var weakCanary: Canary?
        var task: StoreTask?
        do {
            let canary = Canary()
            weakCanary = canary
            let store = Store(
                initialState: Counter.State(), reducer: Counter()
            ) { $0.clock = clock }
            task = await store.send(.factTapped)
            let favorites = Store(initialState: Favorites.State(favorites: Shared([]), canary: canary), reducer: Favorites())
            weakStore = favorites
            try await waitUntil("the fact effect sleeps on the clock") { clock.sleeperCount > 0 }
        }
        // The Counter store is gone: its effect was cancelled, so it ends without the clock.
        await task?.finish()
        XCTAssertEqual(clock.sleeperCount, 0)
        XCTAssertNil(weakStore)
        XCTAssertNil(weakCanary)
    }

    func testTearDownCancelsRunningEffects() async {
        let clock = TestClock()
        let store = Store(initialState: Counter.State(), reducer: Counter()) { $0.clock = clock }
        let task = await store.send(.factTapped)
        await store.tearDown()
        await task.finish()
        let running = await store.runningEffectCount
        XCTAssertEqual(running, 0)
        XCTAssertEqual(clock.sleeperCount, 0)
    }

    /// Loads at once, like a page from the in-memory catalog: the effect answers before its
    /// first real suspension.
    private struct InstantLoader: Reducer {
        struct State: Equatable, Sendable {
            var isLoading = false
            var rows: [Int] = []
        }

        enum Action: Equatable, Sendable { case load, loaded([Int]) }

        static func rows() async -> [Int] { [1, 2, 3] }

        func reduce(into state: inout State, action: Action) -> Effect<Action> {
            switch action {
            case .load:
                state.isLoading = true
                return .run { send in await send(.loaded(await Self.rows())) }
            case let .loaded(rows):
                state.isLoading = false
                state.rows = rows
                return .none
            }
        }
    }

    func testAnEffectThatAnswersAtOnceJoinsTheBatchSoTheObserverHearsOnce() async {
        let store = Store(initialState: InstantLoader.State(), reducer: InstantLoader())
        let seen = Mutex<[InstantLoader.State]>([])
        await store.observe { state in seen.withLock { $0.append(state) } }
        await store.send(.load)
        XCTAssertEqual(seen.withLock { $0 }, [InstantLoader.State(isLoading: false, rows: [1, 2, 3])])
        let running = await store.runningEffectCount
        XCTAssertEqual(running, 0, "an effect that ended during its start is not counted as running")
    }

    @MainActor
    func testTestStoreStillReceivesTheActionOfAnEffectThatAnswersAtOnce() async {
        let store = TestStore(initialState: InstantLoader.State(), reducer: InstantLoader())
        await store.send(.load) { $0.isLoading = true }
        await store.receive(.loaded([1, 2, 3])) {
            $0.isLoading = false
            $0.rows = [1, 2, 3]
        }
    }

    /// The loop keeps the first waiting action apart from the others (`StoreCore.next`): the
    /// actions sent during a batch are still reduced first in, first out, however they nest,
    /// and a recording hands each over with its source.
    func testActionsSentDuringABatchAreReducedInTheOrderTheyWereSent() async {
        enum Step: Equatable, Sendable { case a, b, c, d, e, f, g }
        let reducer = Reduce<[Step], Step> { state, action in
            state.append(action)
            switch action {
            case .a: return .merge(.send(.b), .send(.c))
            case .b: return .send(.d)
            case .d: return .merge(.send(.e), .send(.f))
            case .c: return Effect.answered(by: { .g }, otherwise: .none)
            case .e, .f, .g: return .none
            }
        }
        let store = Store(initialState: [], reducer: reducer)
        let sources = Mutex<[ActionSource]>([])
        await store.send(.a)
        var reduced = await store.state
        XCTAssertEqual(reduced, [.a, .b, .c, .d, .g, .e, .f])

        await store.recordActions { _, _, source in sources.withLock { $0.append(source) } }
        await store.send(.a)
        reduced = await store.state
        XCTAssertEqual(Array(reduced.dropFirst(7)), [.a, .b, .c, .d, .g, .e, .f], "recording changes no order")
        XCTAssertEqual(sources.withLock { $0 }, [.external, .send, .send, .send, .effect, .send, .send])
    }
}
