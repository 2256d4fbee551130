import Composable
import ComposableTesting
import Synchronization
import XCTest

/// `Store.inspectActions`: each reduced action with its state before and after and the effects
/// it started and cancelled (what the server's `--debug` action log keeps).
final class ActionInspectionTests: XCTestCase {
    typealias Record = ReducedActionRecord<Counter.State, Counter.Action>

    func testEachActionIsRecordedWithItsStatesAndEffects() async {
        let clock = TestClock()
        let store = Store(initialState: Counter.State(), reducer: Counter()) { $0.clock = clock }
        let records = Mutex<[Record]>([])
        await store.inspectActions { record in records.withLock { $0.append(record) } }

        await store.send(.incrementTwiceTapped)
        await store.send(.factTapped)
        await store.send(.cancelFactTapped)

        let seen = records.withLock { $0 }
        XCTAssertEqual(seen.map(\.action), [.incrementTwiceTapped, .increment, .increment, .factTapped, .cancelFactTapped])
        XCTAssertEqual(seen.map(\.stateBefore.count), [0, 0, 1, 2, 2])
        XCTAssertEqual(seen.map(\.stateAfter.count), [0, 1, 2, 2, 2])
        XCTAssertEqual(seen[3].effectsStarted.count, 1)
        XCTAssertTrue(seen[3].effectsStarted[0].contains("fact"), seen[3].effectsStarted[0])
        XCTAssertEqual(seen[3].effectsCancelled, [], "nothing in flight to cancel yet")
        XCTAssertEqual(seen[4].effectsStarted, [])
        XCTAssertEqual(seen[4].effectsCancelled.count, 1)
        XCTAssertTrue(seen[4].effectsCancelled[0].hasPrefix("fact"), seen[4].effectsCancelled[0])
    }

    func testCancelInFlightIsRecordedOnTheActionThatReplacesTheTask() async {
        let clock = TestClock()
        let store = Store(initialState: Counter.State(), reducer: Counter()) { $0.clock = clock }
        let records = Mutex<[Record]>([])
        await store.inspectActions { record in records.withLock { $0.append(record) } }
        await store.send(.queryChanged("a"))
        await store.send(.queryChanged("ab"))
        let second = records.withLock { $0[1] }
        XCTAssertEqual(second.effectsStarted.count, 1)
        XCTAssertEqual(second.effectsCancelled.count, 1)
        XCTAssertEqual(StateDiff.describe(from: second.stateBefore, to: second.stateAfter).contains("+ "), true)
    }

    func testAfterInspectionStopsNothingIsRecorded() async {
        let store = Store(initialState: Counter.State(), reducer: Counter())
        let records = Mutex(0)
        await store.inspectActions { _ in records.withLock { $0 += 1 } }
        await store.send(.increment)
        await store.inspectActions(nil)
        await store.send(.increment)
        XCTAssertEqual(records.withLock { $0 }, 1)
    }

    func testStateDiffShowsOnlyTheChangedLinesWithContext() {
        let old = (1...100).map { "line \($0)" }
        var new = old
        new[49] = "changed"
        let diff = StateDiff.lineDiff(old, new)
        XCTAssertEqual(diff.split(separator: "\n"), ["  line 48", "  line 49", "− line 50", "+ changed", "  line 51", "  line 52"])
        XCTAssertEqual(StateDiff.describe(from: [1, 2], to: [1, 2]), "")
    }
}
