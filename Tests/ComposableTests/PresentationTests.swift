import Composable
import ComposableTesting
import XCTest

@MainActor
final class PresentationTests: XCTestCase {
    let clock = TestClock()

    func makeStore() -> TestStore<Parent> {
        TestStore(initialState: Parent.State(), reducer: Parent()) { $0.clock = self.clock }
    }

    func testChildRunsOnlyWhilePresented() async {
        let store = makeStore()
        await store.send(.destination(.presented(.counter(.increment))))
        await store.send(.presentCounter(id: 1)) { $0.destination = .counter(Counter.State(id: 1)) }
        await store.send(.destination(.presented(.counter(.increment)))) {
            $0.destination = .counter(Counter.State(id: 1, count: 1))
        }
    }

    func testDismissCancelsTheInFlightChildEffect() async {
        let store = makeStore()
        await store.send(.presentCounter(id: 1)) { $0.destination = .counter(Counter.State(id: 1)) }
        await store.send(.destination(.presented(.counter(.factTapped))))
        await store.send(.destination(.dismiss)) { $0.destination = nil }
        await clock.advance(by: .seconds(1))
        // Exhaustive: had the response arrived as an action, finish/deinit would fail.
        await store.finish()
    }

    func testParentSettingNilCancelsChildEffects() async {
        let store = makeStore()
        await store.send(.presentCounter(id: 1)) { $0.destination = .counter(Counter.State(id: 1)) }
        await store.send(.destination(.presented(.counter(.factTapped))))
        await store.send(.clearFromParent) { $0.destination = nil }
        await clock.advance(by: .seconds(1))
        await store.finish()
    }

    func testReplacingWithAnotherCaseCancelsChildEffects() async {
        let store = makeStore()
        await store.send(.presentCounter(id: 1)) { $0.destination = .counter(Counter.State(id: 1)) }
        await store.send(.destination(.presented(.counter(.factTapped))))
        await store.send(.presentOther) { $0.destination = .other }
        await clock.advance(by: .seconds(1))
        await store.finish()
    }

    func testReplacingWithAnotherIDCancelsChildEffects() async {
        let store = makeStore()
        await store.send(.presentCounter(id: 1)) { $0.destination = .counter(Counter.State(id: 1)) }
        await store.send(.destination(.presented(.counter(.factTapped))))
        await store.send(.presentCounter(id: 2)) { $0.destination = .counter(Counter.State(id: 2)) }
        await clock.advance(by: .seconds(1))
        await store.finish()
    }

    func testSettingNilOutsideTheParentReducerCancelsChildEffects() async {
        let store = TestStore(initialState: Root.State(), reducer: Root()) { $0.clock = self.clock }
        await store.send(.parent(.presentCounter(id: 1))) { $0.parent.destination = .counter(Counter.State(id: 1)) }
        await store.send(.parent(.destination(.presented(.counter(.factTapped)))))
        await store.send(.clearParentDestination) { $0.parent.destination = nil }
        await clock.advance(by: .seconds(1))
        await store.finish()
    }

    func testChildEffectsKeepRunningWhileStillPresented() async {
        let store = makeStore()
        await store.send(.presentCounter(id: 1)) { $0.destination = .counter(Counter.State(id: 1)) }
        await store.send(.destination(.presented(.counter(.factTapped))))
        await clock.advance(by: .seconds(1))
        await store.receive(.destination(.presented(.counter(.factResponse("0 is a number"))))) {
            $0.destination = .counter(Counter.State(id: 1, fact: "0 is a number"))
        }
    }

    func testChildDismissesItselfThroughTheDependency() async {
        let store = makeStore()
        await store.send(.presentCounter(id: 1)) { $0.destination = .counter(Counter.State(id: 1)) }
        await store.send(.destination(.presented(.counter(.closeTapped))))
        await store.receive(.destination(.dismiss)) { $0.destination = nil }
    }

    func testDismissFromAPresentationThatIsGoneIsIgnored() async {
        let store = makeStore()
        await store.send(.presentCounter(id: 1)) { $0.destination = .counter(Counter.State(id: 1)) }
        await store.send(.destination(.presented(.counter(.closeLaterTapped))))
        await store.send(.presentCounter(id: 2)) { $0.destination = .counter(Counter.State(id: 2)) }
        await clock.advance(by: .seconds(1))
        await store.finish()
        XCTAssertEqual(store.state.destination, .counter(Counter.State(id: 2)))
    }
}
