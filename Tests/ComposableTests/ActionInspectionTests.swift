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
        XCTAssertEqual(StateChanges.lines(from: second.stateBefore, to: second.stateAfter), [#"query: "a" → "ab""#])
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
}

final class StateChangesTests: XCTestCase {
    struct Row: Equatable { var id: Int; var name: String }
    enum Load: Equatable { case idle, loaded([Row]), failed(String) }
    struct State { var search = ""; var rows: [Row] = []; var load = Load.idle; var selected: Int? }

    func testOneLinePerChangedLeafWithItsPath() {
        let rows = (1...500).map { Row(id: $0, name: "row \($0)") }
        var old = State(rows: rows)
        old.load = .loaded(rows)
        var new = old
        new.search = "pika"
        new.rows[41].name = "renamed"
        new.selected = 3
        XCTAssertEqual(StateChanges.lines(from: old, to: new), [
            #"search: "" → "pika""#,
            #"rows[41].name: "row 42" → "renamed""#,
            "selected: nil → Optional(3)",
        ])
        XCTAssertEqual(StateChanges.lines(from: old, to: old), [])
    }

    func testAnotherEnumCaseIsOneLineAndLongValuesAreCut() {
        let old = State(load: .loaded((1...50).map { Row(id: $0, name: "row \($0)") }))
        let new = State(load: .failed("offline"))
        let lines = StateChanges.lines(from: old, to: new)
        XCTAssertEqual(lines.count, 1)
        XCTAssertTrue(lines[0].hasPrefix("load: "), lines[0])
        XCTAssertTrue(lines[0].hasSuffix(#"→ StateChangesTests.Load.failed("offline")"#) || lines[0].contains("failed"), lines[0])
        XCTAssertLessThan(lines[0].count, 400)
    }
}
