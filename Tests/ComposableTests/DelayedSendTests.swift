import Composable
import ComposableTesting
import TestSupport
import XCTest

/// `Effect.send(_:after:clock:)`: a debounce as a call the clock schedules, no task, that
/// behaves as the task that slept and sent did: sent once the clock has passed its delay,
/// cancelled by id and by `cancelInFlight`, counted as running until then, and a task again on a
/// clock that cannot schedule.
final class DelayedSendTests: XCTestCase {
    @MainActor func testItIsSentOnceTheClockPassesItsDelayWithNoTaskSleeping() async {
        let clock = TestClock()
        let store = TestStore(initialState: Counter.State(), reducer: Counter()) { $0.clock = clock }
        await store.send(.querySent("p")) { $0.query = "p" }
        XCTAssertEqual(clock.scheduledCount, 1, "the clock holds the send")
        XCTAssertEqual(clock.sleeperCount, 0, "no task sleeps for it")
        await clock.advance(by: .milliseconds(299))
        XCTAssertEqual(clock.scheduledCount, 1)
        await clock.advance(by: .milliseconds(1))
        await store.receive(.searched("p")) { $0.searches = ["p"] }
        await store.finish()
    }

    @MainActor func testCancelInFlightKeepsOnlyTheLatest() async {
        let clock = TestClock()
        let store = TestStore(initialState: Counter.State(), reducer: Counter()) { $0.clock = clock }
        await store.send(.querySent("p")) { $0.query = "p" }
        await clock.advance(by: .milliseconds(200))
        await store.send(.querySent("pi")) { $0.query = "pi" }
        XCTAssertEqual(clock.scheduledCount, 1, "the first one's call is gone from the clock")
        await clock.advance(by: .milliseconds(200))
        await store.send(.querySent("pik")) { $0.query = "pik" }
        await clock.advance(by: .milliseconds(300))
        await store.receive(.searched("pik")) { $0.searches = ["pik"] }
        await store.finish()
    }

    @MainActor func testCancelByIDStopsItBeforeItIsSent() async {
        let clock = TestClock()
        let store = TestStore(initialState: Counter.State(), reducer: Counter()) { $0.clock = clock }
        await store.send(.querySent("p")) { $0.query = "p" }
        await store.send(.cancelSearchTapped)
        XCTAssertEqual(clock.scheduledCount, 0)
        await clock.advance(by: .seconds(1))
        await store.finish()
    }

    @MainActor func testOnePendingAtTheEndFailsTheTest() async {
        let log = FailureLog()
        let clock = TestClock()
        do {
            let store = TestStore<Counter>.collectingFailures(initialState: Counter.State(), reducer: Counter(), clock: clock, into: log)
            await store.send(.querySent("p")) { $0.query = "p" }
        }
        XCTAssertEqual(log.messages.count, 1)
        XCTAssertTrue(log.messages.first?.contains("still running") == true, "\(log.messages)")
    }

    func testAStoreSendsItWhenItsClockFiresIt() async throws {
        let clock = TestClock()
        let store = Store(initialState: Counter.State(), reducer: Counter()) { $0.clock = clock }
        await store.send(.querySent("p"))
        await store.send(.querySent("pi"))
        let running = await store.runningEffectCount
        XCTAssertEqual(running, 1)
        await clock.advance(by: .milliseconds(300))
        try await waitUntil("the send is reduced") { await store.state.searches == ["pi"] }
        let afterwards = await store.runningEffectCount
        XCTAssertEqual(afterwards, 0)
    }

    func testOnAClockThatCannotScheduleItRunsAsATaskThatSleeps() async throws {
        let clock = TestClock()
        let store = Store(initialState: Counter.State(), reducer: Counter()) { $0.clock = SleepingOnly(clock: clock) }
        let task = await store.send(.querySent("p"))
        XCTAssertFalse(task.isEmpty, "a task runs it")
        try await waitUntil("the task sleeps on the clock") { clock.sleeperCount == 1 }
        XCTAssertEqual(clock.scheduledCount, 0)
        await clock.advance(by: .milliseconds(300))
        await task.finish()
        let searches = await store.state.searches
        XCTAssertEqual(searches, ["p"])
    }

    func testAChildsPendingSendIsCancelledWhenTheChildGoes() async {
        let clock = TestClock()
        let store = Store(initialState: Parent.State(), reducer: Parent()) { $0.clock = clock }
        let id = StackElementID(2_000_300)
        await store.send(.path(.push(id: id, state: Counter.State(id: 1))))
        await store.send(.path(.element(id: id, action: .querySent("p"))))
        let checked = await store.checkedScopeCount
        XCTAssertEqual(checked, 1, "its scope is checked while the send is pending")
        await store.send(.path(.popFrom(id: id)))
        let running = await store.runningEffectCount
        XCTAssertEqual(running, 0)
        XCTAssertEqual(clock.scheduledCount, 0, "the clock's call is cancelled")
    }
}

/// A clock that can sleep but not schedule (any clock not a `SchedulingClock`).
private struct SleepingOnly: Clock {
    let clock: TestClock
    var now: TestClock.Instant { clock.now }
    var minimumResolution: Duration { .zero }
    func sleep(until deadline: TestClock.Instant, tolerance: Duration?) async throws {
        try await clock.sleep(until: deadline, tolerance: tolerance)
    }
}
