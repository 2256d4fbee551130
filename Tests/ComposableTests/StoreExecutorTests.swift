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
    private static let key = DispatchSpecificKey<Bool>()

    static func make(_ label: String) -> DispatchQueue {
        let queue = DispatchQueue(label: label)
        queue.setSpecific(key: key, value: true)
        return queue
    }

    static var isCurrent: Bool { DispatchQueue.getSpecific(key: key) == true }
}

/// A task executor over a serial dispatch queue.
private final class QueueExecutor: TaskExecutor, Sendable {
    private let queue = TestQueue.make("store-executor-test")

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}

/// A serial dispatch queue as a Store's executor, counting the jobs and the work it runs.
private final class QueueStoreExecutor: StoreExecutor, Sendable {
    private let queue = TestQueue.make("store-on-its-executor-test")
    private let tally = Mutex((jobs: 0, executed: 0))

    var counts: (jobs: Int, executed: Int) { tally.withLock { $0 } }

    func enqueue(_ job: consuming ExecutorJob) {
        tally.withLock { $0.jobs += 1 }
        let job = UnownedJob(job)
        queue.async { job.runSynchronously(isolatedTo: self.asUnownedSerialExecutor(), taskExecutor: self.asUnownedTaskExecutor()) }
    }

    func execute(_ work: @escaping @Sendable () -> Void) {
        tally.withLock { $0.executed += 1 }
        queue.async(execute: work)
    }

    func checkIsolated() {
        dispatchPrecondition(condition: .onQueue(queue))
    }
}
