import Composable
import ComposableTesting
import XCTest

/// Every action asks the liveness check of each child scope with effects: those checks must
/// be the scopes whose effects still run, not every child that ever started one.
final class ScopeChecksTests: XCTestCase {
    func testAScopeIsCheckedOnlyWhileItsEffectsRun() async {
        let clock = TestClock()
        let store = Store(initialState: Parent.State(), reducer: Parent()) { $0.clock = clock }
        var tasks: [StoreTask] = []
        for index in 0..<50 {
            let id = StackElementID(2_000_000 + index)
            await store.send(.path(.push(id: id, state: Counter.State(id: index))))
            tasks.append(await store.send(.path(.element(id: id, action: .factTapped))))
        }
        let whileRunning = await store.checkedScopeCount
        XCTAssertEqual(whileRunning, 50)
        await clock.advance(by: .seconds(1))
        for task in tasks { await task.finish() }
        let facts = await store.state.path.elements.compactMap(\.fact)
        XCTAssertEqual(facts.count, 50)
        let afterwards = await store.checkedScopeCount
        XCTAssertEqual(afterwards, 0, "a scope whose effects ended has nothing to cancel")
    }

    func testAChildEffectThatEndsDuringItsStartLeavesNoScopeAndNoTask() async {
        let store = Store(initialState: Parent.State(), reducer: Parent())
        let id = StackElementID(2_000_200)
        await store.send(.path(.push(id: id, state: Counter.State(id: 1))))
        // `dismiss()` answers at once: the pop is reduced in the same batch, the task has ended.
        let task = await store.send(.path(.element(id: id, action: .closeTapped)))
        let checked = await store.checkedScopeCount
        let running = await store.runningEffectCount
        let ids = await store.state.path.ids
        XCTAssertTrue(task.isEmpty, "nothing is left to wait for")
        XCTAssertEqual(checked, 0, "its scope has no task to cancel")
        XCTAssertEqual(running, 0)
        XCTAssertEqual(ids, [])
    }

    func testAScopeWithARunningEffectIsStillCancelledWhenItsChildGoes() async {
        let clock = TestClock()
        let store = Store(initialState: Parent.State(), reducer: Parent()) { $0.clock = clock }
        let id = StackElementID(2_000_100)
        await store.send(.path(.push(id: id, state: Counter.State(id: 1))))
        await store.send(.path(.element(id: id, action: .factTapped)))
        await store.send(.path(.element(id: id, action: .increment)))
        let running = await store.runningEffectCount
        XCTAssertEqual(running, 1)
        await store.send(.path(.popFrom(id: id)))
        let afterPop = await store.runningEffectCount
        let checked = await store.checkedScopeCount
        XCTAssertEqual(afterPop, 0)
        XCTAssertEqual(checked, 0)
    }
}
