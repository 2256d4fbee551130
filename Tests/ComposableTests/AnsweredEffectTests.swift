import Composable
import ComposableTesting
import XCTest

/// `Effect.answered`: an action known at once is reduced in the same batch as a task's answer
/// during its immediate start would be, without a task; without one, the fallback runs.
final class AnsweredEffectTests: XCTestCase {
    @MainActor
    func testAnAnswerIsReceivedInTheSameBatchAsATasksWouldBe() async {
        let store = TestStore(initialState: Counter.State(), reducer: Counter())
        await store.send(.knownFactTapped)
        await store.receive(.factResponse("0 is even")) { $0.fact = "0 is even" }
        await store.finish()
    }

    @MainActor
    func testWithoutAnAnswerTheFallbackRunsAndAnAnswerCancelsItInFlight() async {
        let clock = TestClock()
        let store = TestStore(initialState: Counter.State(), reducer: Counter()) { $0.clock = clock }
        await store.send(.increment) { $0.count = 1 }
        await store.send(.knownFactTapped)
        XCTAssertEqual(clock.sleeperCount, 1, "an odd count's fact is fetched by a task")
        await store.send(.increment) { $0.count = 2 }
        await store.send(.knownFactTapped)
        await store.receive(.factResponse("2 is even")) { $0.fact = "2 is even" }
        await clock.advance(by: .seconds(5))
        await store.finish()
        XCTAssertEqual(clock.sleeperCount, 0, "the fetch in flight was cancelled by the new one")
    }

    func testAnAnswerStartsNoTaskAndAChildsLeavesNoScope() async {
        let store = Store(initialState: Parent.State(), reducer: Parent())
        let id = StackElementID(2_000_300)
        await store.send(.path(.push(id: id, state: Counter.State(id: 1))))
        let task = await store.send(.path(.element(id: id, action: .knownFactTapped)))
        let running = await store.runningEffectCount
        let checked = await store.checkedScopeCount
        let fact = await store.state.path.elements.first?.fact
        XCTAssertTrue(task.isEmpty)
        XCTAssertEqual(running, 0)
        XCTAssertEqual(checked, 0, "a scope is registered only for a task still running")
        XCTAssertEqual(fact, "0 is even")
    }

    func testAChildsFallbackTaskIsCheckedAndCancelledWhenTheChildGoes() async {
        let clock = TestClock()
        let store = Store(initialState: Parent.State(), reducer: Parent()) { $0.clock = clock }
        let id = StackElementID(2_000_301)
        await store.send(.path(.push(id: id, state: Counter.State(id: 1, count: 1))))
        await store.send(.path(.element(id: id, action: .knownFactTapped)))
        let running = await store.runningEffectCount
        let checked = await store.checkedScopeCount
        XCTAssertEqual(running, 1)
        XCTAssertEqual(checked, 1)
        await store.send(.path(.popFrom(id: id)))
        let afterPop = await store.runningEffectCount
        let checkedAfterPop = await store.checkedScopeCount
        XCTAssertEqual(afterPop, 0)
        XCTAssertEqual(checkedAfterPop, 0)
    }

    /// An answer made cancellable in flight is one node (`answerCancelling`) that each level maps
    /// as one: it still cancels the fetch in flight of its own child only (its id namespaced by
    /// the child's scope), not another child's under the same declared id.
    func testAChildsAnswerCancelsItsOwnFetchInFlightAndNoOtherChilds() async {
        let clock = TestClock()
        let store = Store(initialState: Parent.State(), reducer: Parent()) { $0.clock = clock }
        let first = StackElementID(2_000_302), second = StackElementID(2_000_303)
        await store.send(.path(.push(id: first, state: Counter.State(id: 1, count: 1))))
        await store.send(.path(.push(id: second, state: Counter.State(id: 2, count: 1))))
        await store.send(.path(.element(id: first, action: .knownFactTapped)))
        await store.send(.path(.element(id: second, action: .knownFactTapped)))
        var running = await store.runningEffectCount
        XCTAssertEqual(running, 2, "an odd count's fact is fetched by a task in each child")
        await store.send(.path(.element(id: first, action: .increment)))
        await store.send(.path(.element(id: first, action: .knownFactTapped)))
        running = await store.runningEffectCount
        XCTAssertEqual(running, 1, "the first child's answer cancelled its own fetch, not the second's")
        let facts = await store.state.path.elements.map(\.fact)
        XCTAssertEqual(facts, ["2 is even", nil])
        await store.send(.path(.popFrom(id: first)))
    }

    func testAnAnswerIsAskedWhenTheEffectIsMadeAndItsFallbackOnlyWithoutOne() {
        var asked = 0, fallbacks = 0
        func fallback() -> Effect<Int> { fallbacks += 1; return .send(0) }
        let answered = Effect<Int>.answered(by: { asked += 1; return 7 }, otherwise: fallback())
        XCTAssertEqual(asked, 1, "asked by the reducer that makes the effect, not when the Store runs it")
        XCTAssertEqual(fallbacks, 0)
        XCTAssertFalse(answered.isNone)
        let unanswered = Effect<Int>.answered(by: { nil }, otherwise: fallback())
        XCTAssertEqual(fallbacks, 1)
        XCTAssertEqual(unanswered.synchronousActions, [0], "without an answer, the effect is the fallback")
    }

    /// An effect that starts no task is handed over without its placement (`EffectRunner.deliver`):
    /// its actions keep their merge order and their sources, through a child's scope.
    func testAnAnswerAmongSendsKeepsItsPlaceAndSourceInAChild() async {
        let store = Store(initialState: Parent.State(), reducer: Parent())
        let id = StackElementID(2_000_302)
        await store.send(.path(.push(id: id, state: Counter.State(id: 1))))
        let seen = Sources()
        await store.recordActions { state, action, source in
            guard case let .path(.element(_, action)) = action else { return }
            seen.append("\(action) \(source) at \(state.path.elements.first?.count ?? -1)")
        }
        let task = await store.send(.path(.element(id: id, action: .knownFactAmongIncrementsTapped)))
        let running = await store.runningEffectCount
        let checked = await store.checkedScopeCount
        XCTAssertTrue(task.isEmpty)
        XCTAssertEqual(running, 0)
        XCTAssertEqual(checked, 0)
        XCTAssertEqual(seen.all, [
            "knownFactAmongIncrementsTapped external at 0",
            "increment send at 0",
            "factResponse(\"0 is even\") effect at 1",
            "increment send at 1",
        ])
    }

    func testAnAnswerIsRecordedAsAnEffectsAction() async {
        let store = Store(initialState: Counter.State(), reducer: Counter())
        let sources = Sources()
        await store.recordActions { _, action, source in sources.append("\(action) \(source)") }
        await store.send(.knownFactTapped)
        XCTAssertEqual(sources.all, ["knownFactTapped external", "factResponse(\"0 is even\") effect"])
    }
}

private final class Sources: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []
    func append(_ line: String) { lock.withLock { lines.append(line) } }
    var all: [String] { lock.withLock { lines } }
}
