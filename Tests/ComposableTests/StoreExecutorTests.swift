import Composable
import Dispatch
import Synchronization
import XCTest

/// A Store given an executor preference runs its effects and its shared-change notifications
/// there (the server gives each session's Store its connection's service thread).
final class StoreExecutorTests: XCTestCase {
    func testEffectsAndSharedChangesRunOnThePreferredExecutor() async {
        let executor = QueueExecutor()
        let favorites = Shared<Set<Int>>([])
        let store = Store(initialState: Probe.State(favorites: favorites), reducer: Probe(), executorPreference: executor)
        let onQueue = Mutex<[Bool]>([])
        let answered = expectation(description: "the effect answered")
        let sawChange = expectation(description: "the shared change was observed")
        await store.observe { state in
            if state.favorites.wrappedValue == [7] {
                onQueue.withLock { $0.append(TestQueue.isCurrent) }
                sawChange.fulfill()
            } else if let ranOnQueue = state.effectRanOnQueue {
                onQueue.withLock { $0.append(ranOnQueue) }
                answered.fulfill()
            }
        }
        await store.send(.start)
        await fulfillment(of: [answered], timeout: 5)
        XCTAssertEqual(onQueue.withLock { $0 }, [true])
        // A change made elsewhere is observed on the preferred executor too.
        favorites.withLock { $0.insert(7) }
        await fulfillment(of: [sawChange], timeout: 5)
        XCTAssertEqual(onQueue.withLock { $0 }, [true, true])
    }
}

/// A Store whose executor can also be its actor's (a `StoreExecutor`) runs there, and hears
/// of shared changes through `execute`, without a task for each.
final class StoreOnItsExecutorTests: XCTestCase {
    func testTheStoreRunsOnItsExecutorAndHearsSharedChangesWithoutATask() async {
        let executor = QueueStoreExecutor()
        let favorites = Shared<Set<Int>>([])
        let store = Store(initialState: Probe.State(favorites: favorites), reducer: Probe(), executorPreference: executor)
        let sawChange = expectation(description: "the shared change was observed")
        let observedOnQueue = Mutex<[Bool]>([])
        await store.observe { state in
            guard state.favorites.wrappedValue == [7] else { return }
            observedOnQueue.withLock { $0.append(TestQueue.isCurrent) }
            sawChange.fulfill()
        }
        let isolatedOnQueue = await store.withState { _ in TestQueue.isCurrent }
        XCTAssertTrue(isolatedOnQueue)
        let before = executor.counts
        favorites.withLock { $0.insert(7) }
        await fulfillment(of: [sawChange], timeout: 5)
        XCTAssertEqual(observedOnQueue.withLock { $0 }, [true])
        let after = executor.counts
        XCTAssertEqual(after.executed - before.executed, 1, "the change came through execute")
        XCTAssertEqual(after.jobs - before.jobs, 0, "and no task was started for it")
    }

    /// `onItsExecutor` enters the Store in place from work its executor runs (a session's
    /// frame read there), hands the body the isolated Store and returns what it returns; no
    /// job is queued for it. (Debug builds check the caller runs there.)
    func testOnItsExecutorRunsTheBodyIsolatedInPlaceFromWorkOnTheExecutor() async {
        let executor = QueueStoreExecutor()
        let store = Store(initialState: Probe.State(favorites: Shared([])), reducer: Probe(), executorPreference: executor)
        let ran = expectation(description: "the work ran")
        let seen = Mutex<(onQueue: Bool, favorites: Set<Int>)?>(nil)
        let before = executor.counts
        executor.execute {
            let result = store.onItsExecutor { store in (TestQueue.isCurrent, store.state.favorites.wrappedValue) }
            seen.withLock { $0 = (result.0, result.1) }
            ran.fulfill()
        }
        await fulfillment(of: [ran], timeout: 5)
        XCTAssertEqual(seen.withLock { $0?.onQueue }, true)
        XCTAssertEqual(seen.withLock { $0?.favorites }, [])
        XCTAssertEqual(executor.counts.jobs - before.jobs, 0, "no job for entering the Store")
    }

    /// The holders on one executor are walked there, a slice at a time; a change made during
    /// the walk (here by the first holder's observer) sends the walk round once more, so the
    /// holders told before it hear of it too.
    func testHoldersOnAnExecutorAreWalkedThereInSlicesAndAgainAfterAChangeDuringTheWalk() async {
        let executor = QueueStoreExecutor()
        let favorites = Shared<Set<Int>>([])
        let count = 100
        let seen = Mutex([[Set<Int>]](repeating: [], count: count))
        let observed = expectation(description: "every holder heard twice")
        observed.expectedFulfillmentCount = 2 * count
        var stores: [Store<Probe>] = []
        for index in 0..<count {
            let store = Store(initialState: Probe.State(favorites: favorites), reducer: Probe(), executorPreference: executor)
            await store.observe { state in
                let value = state.favorites.wrappedValue
                seen.withLock { $0[index].append(value) }
                if index == 0 && value == [1] { favorites.withLock { $0.insert(2) } }
                observed.fulfill()
            }
            stores.append(store)
        }
        let before = executor.counts

        favorites.withLock { $0.insert(1) }
        await fulfillment(of: [observed], timeout: 5)

        // The others were told after the change, in the first round, and again in the second.
        XCTAssertEqual(seen.withLock { $0[0] }, [[1], [1, 2]])
        XCTAssertEqual(seen.withLock { Array($0.dropFirst()) }, Array(repeating: [[1, 2], [1, 2]], count: count - 1))
        let after = executor.counts
        XCTAssertEqual(after.executed - before.executed, 4, "two slices of 64, then both again")
        XCTAssertEqual(after.jobs - before.jobs, 0, "no holder needed a job")
        withExtendedLifetime(stores) {}
    }

    /// Changes made while a walk waits for the executor ride on it: each holder hears once.
    func testChangesMadeBeforeTheWalkStartsRideOnIt() async {
        let executor = QueueStoreExecutor()
        let favorites = Shared<Set<Int>>([])
        let seen = Mutex([[Set<Int>]](repeating: [], count: 3))
        let observed = expectation(description: "every holder heard")
        observed.expectedFulfillmentCount = 3
        var stores: [Store<Probe>] = []
        for index in 0..<3 {
            let store = Store(initialState: Probe.State(favorites: favorites), reducer: Probe(), executorPreference: executor)
            await store.observe { state in
                seen.withLock { $0[index].append(state.favorites.wrappedValue) }
                observed.fulfill()
            }
            stores.append(store)
        }
        let gate = DispatchSemaphore(value: 0)
        executor.execute { gate.wait() }
        let before = executor.counts

        favorites.withLock { $0.insert(1) }
        favorites.withLock { $0.insert(2) }
        gate.signal()
        await fulfillment(of: [observed], timeout: 5)

        XCTAssertEqual(seen.withLock { $0 }, Array(repeating: [[1, 2]], count: 3))
        XCTAssertEqual(executor.counts.executed - before.executed, 1, "one walk")
        withExtendedLifetime(stores) {}
    }

    func testAnEffectOnTheStoresExecutorAnswersAndEndsWithoutAJob() async {
        let executor = QueueStoreExecutor()
        let store = Store(initialState: Probe.State(favorites: Shared([])), reducer: Probe(), executorPreference: executor)
        let before = executor.counts.jobs

        let effect = await store.send(.start)
        await effect.finish()
        let jobs = executor.counts.jobs - before

        let answer = await store.state.effectRanOnQueue
        XCTAssertEqual(answer, true)
        let runningEffects = await store.runningEffectCount
        XCTAssertEqual(runningEffects, 0, "the effect's end was recorded")
        // One job for the test's task entering the Store, one for the effect resuming after its
        // sleep; its answer and its end entered the Store in place.
        XCTAssertEqual(jobs, 2)
    }
}

/// A feature whose effect reports, after a real suspension, whether it runs on the queue.
private struct Probe: Reducer {
    struct State: Equatable, Sendable {
        var favorites: Shared<Set<Int>>
        var effectRanOnQueue: Bool?
    }

    enum Action: Equatable, Sendable {
        case start
        case finished(onQueue: Bool)
    }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
        switch action {
        case .start:
            return .run { send in
                try? await Task.sleep(for: .milliseconds(1))
                await send(.finished(onQueue: TestQueue.isCurrent))
            }
        case let .finished(onQueue):
            state.effectRanOnQueue = onQueue
            return .none
        }
    }
}

/// Serial dispatch queues the test executors run on, and whether code runs on one of them.
private enum TestQueue {
    private static let key = DispatchSpecificKey<String>()

    static func make(_ label: String) -> DispatchQueue {
        let queue = DispatchQueue(label: label)
        queue.setSpecific(key: key, value: label)
        return queue
    }

    /// Whether code runs on one of the test queues.
    static var isCurrent: Bool { DispatchQueue.getSpecific(key: key) != nil }

    /// Whether code runs on the queue `make` made with `label`.
    static func isCurrent(_ label: String) -> Bool { DispatchQueue.getSpecific(key: key) == label }
}

/// A task executor over a serial dispatch queue.
private final class QueueExecutor: TaskExecutor, Sendable {
    private let queue = TestQueue.make("store-executor-test")

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}

/// A serial dispatch queue as a Store's executor, counting the jobs (the tasks' and the Store's)
/// and the work it runs.
private final class QueueStoreExecutor: StoreExecutor, Sendable {
    private static let label = "store-on-its-executor-test"
    private let queue = TestQueue.make(label)
    private let tally = Tally()
    let isolation: QueueIsolation

    init() {
        isolation = QueueIsolation(queue: queue, tally: tally)
    }

    var counts: (jobs: Int, executed: Int) { tally.counts.withLock { $0 } }

    func enqueue(_ job: consuming ExecutorJob) {
        tally.counts.withLock { $0.jobs += 1 }
        let job = UnownedJob(job)
        queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }

    func execute(_ work: @escaping @Sendable () -> Void) {
        tally.counts.withLock { $0.executed += 1 }
        queue.async(execute: work)
    }

    var isCurrent: Bool { TestQueue.isCurrent(Self.label) }
}

/// The same queue as the Store's serial executor.
private final class QueueIsolation: SerialExecutor, Sendable {
    private let queue: DispatchQueue
    private let tally: Tally

    init(queue: DispatchQueue, tally: Tally) {
        self.queue = queue
        self.tally = tally
    }

    func enqueue(_ job: consuming ExecutorJob) {
        tally.counts.withLock { $0.jobs += 1 }
        let job = UnownedJob(job)
        queue.async { job.runSynchronously(on: self.asUnownedSerialExecutor()) }
    }

    func checkIsolated() {
        dispatchPrecondition(condition: .onQueue(queue))
    }
}

private final class Tally: Sendable {
    let counts = Mutex((jobs: 0, executed: 0))
}
