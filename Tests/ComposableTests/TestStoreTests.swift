import Composable
import ComposableTesting
import XCTest

/// TestStore's own failure paths: each must make a test fail.
@MainActor
final class TestStoreTests: XCTestCase {
    func testAnUnassertedStateChangeFails() async {
        let log = FailureLog()
        let store = TestStore<Counter>.collectingFailures(initialState: Counter.State(), reducer: Counter(), into: log)
        await store.send(.increment)
        XCTAssertEqual(log.messages.count, 1)
        XCTAssertTrue(log.messages[0].contains("State changed but no change was asserted"), log.messages[0])
    }

    func testAWrongExpectationFailsAndShowsTheDifference() async {
        let log = FailureLog()
        let store = TestStore<Counter>.collectingFailures(initialState: Counter.State(), reducer: Counter(), into: log)
        await store.send(.increment) { $0.count = 2 }
        XCTAssertEqual(log.messages.count, 1)
        XCTAssertTrue(log.messages[0].contains("− ") && log.messages[0].contains("+ "), log.messages[0])
        XCTAssertTrue(log.messages[0].contains("count: 2") && log.messages[0].contains("count: 1"), log.messages[0])
    }

    func testAnUnreceivedActionFailsAtTheEnd() async {
        let log = FailureLog()
        do {
            let store = TestStore<Counter>.collectingFailures(initialState: Counter.State(), reducer: Counter(), into: log)
            await store.send(.incrementTwiceTapped)
            await store.receive(.increment) { $0.count = 1 }
        }
        XCTAssertEqual(log.messages.count, 1)
        XCTAssertTrue(log.messages[0].contains("unasserted action"), log.messages[0])
    }

    func testAnEffectStillRunningFailsAtTheEnd() async {
        let log = FailureLog()
        let clock = TestClock()
        do {
            let store = TestStore<Counter>.collectingFailures(initialState: Counter.State(), reducer: Counter(), clock: clock, into: log)
            await store.send(.factTapped)
        }
        XCTAssertEqual(log.messages.count, 1)
        XCTAssertTrue(log.messages[0].contains("still running"), log.messages[0])
    }

    func testReceiveTimesOutWhenNothingArrives() async {
        let log = FailureLog()
        let store = TestStore<Counter>.collectingFailures(initialState: Counter.State(), reducer: Counter(), into: log)
        await store.receive(.increment, timeout: .milliseconds(20))
        XCTAssertEqual(log.messages.count, 1)
        XCTAssertTrue(log.messages[0].contains("received nothing"), log.messages[0])
    }

    func testReceivingTheWrongActionFails() async {
        let log = FailureLog()
        let store = TestStore<Counter>.collectingFailures(initialState: Counter.State(), reducer: Counter(), into: log)
        await store.send(.incrementTwiceTapped)
        await store.receive(.cancelFactTapped) { $0.count = 1 }
        await store.receive(.increment) { $0.count = 2 }
        XCTAssertEqual(log.messages.count, 1)
        XCTAssertTrue(log.messages[0].contains("unexpected action"), log.messages[0])
    }

    func testUsingAnUnimplementedDependencyFails() async {
        let log = FailureLog()
        let store = TestStore(initialState: Counter.State(), reducer: Counter())
        store.reportFailure = { message, _, _ in log.messages.append(message) }
        await store.send(.factTapped)
        await store.finish()
        XCTAssertTrue(log.messages.contains { $0.contains("Unimplemented: clock") }, "\(log.messages)")
    }

    func testNonExhaustiveModeChecksOnlyWhatIsStated() async {
        let log = FailureLog()
        let store = TestStore<Counter>.collectingFailures(initialState: Counter.State(), reducer: Counter(), into: log)
        store.exhaustivity = .off
        await store.send(.increment)
        await store.send(.incrementTwiceTapped)
        await store.receive(.increment) { $0.count = 2 }
        await store.send(.queryChanged("x")) { $0.query = "x" }
        XCTAssertEqual(log.messages, [])
        await store.send(.increment) { $0.count = 99 }
        XCTAssertEqual(log.messages.count, 1)
        store.skipInFlightEffects()
    }

    func testBindingActionsSetTheBoundField() async {
        let store = TestStore(initialState: Form.State(), reducer: Form())
        await store.send(.binding(.set(\.search, "pika"))) {
            $0.search = "pika"
            $0.edits = 1
        }
        await store.send(.binding(.set(\.type, "grass"))) {
            $0.type = "grass"
            $0.edits = 2
        }
        XCTAssertEqual(Form.Action.binding(.set(\.search, "a")), .binding(.set(\.search, "a")))
        XCTAssertNotEqual(Form.Action.binding(.set(\.search, "a")), .binding(.set(\.search, "b")))
    }
}
