import Composable
import ComposableTesting
import Synchronization
import TestSupport
import XCTest

/// `Store.recordActions`: every action before it is reduced, with the state it meets and where
/// it came from (what a session's recording keeps, `docs/RECORDING.md`).
final class ActionRecordingTests: XCTestCase {
    struct Echo: Reducer {
        struct State: Equatable, Sendable { var reduced: [Action] = [] }
        enum Action: Equatable, Sendable { case tapped, sent, answeredAtOnce, answeredLater }
        @Dependency(\.clock) var clock

        func reduce(into state: inout State, action: Action) -> Effect<Action> {
            state.reduced.append(action)
            guard action == .tapped else { return .none }
            return .merge(
                .send(.sent),
                .run { send in await send(.answeredAtOnce) },
                .run { [clock] send in
                    try await clock.sleep(for: .seconds(1))
                    await send(.answeredLater)
                }
            )
        }
    }

    struct Seen: Equatable {
        var action: Echo.Action
        var source: ActionSource
        var reducedBefore: Int
    }

    func testEachActionIsHandedOverWithItsSourceBeforeItIsReduced() async throws {
        let clock = TestClock()
        let store = Store(initialState: Echo.State(), reducer: Echo()) { $0.clock = clock }
        let seen = Mutex<[Seen]>([])
        await store.recordActions { state, action, source in
            seen.withLock { $0.append(Seen(action: action, source: source, reducedBefore: state.reduced.count)) }
        }
        await store.send(.tapped)
        try await waitUntil("the debounce sleeps") { clock.sleeperCount == 1 }
        await clock.advance(by: .seconds(1))
        try await waitUntil("the later answer is reduced") { await store.state.reduced.count == 4 }
        XCTAssertEqual(seen.withLock { $0 }, [
            Seen(action: .tapped, source: .external, reducedBefore: 0),
            Seen(action: .sent, source: .send, reducedBefore: 1),
            Seen(action: .answeredAtOnce, source: .effect, reducedBefore: 2),
            Seen(action: .answeredLater, source: .effect, reducedBefore: 3),
        ])

        await store.recordActions(nil)
        await store.send(.sent)
        XCTAssertEqual(seen.withLock { $0.count }, 4, "nothing is handed over once it stops")
        let reduced = await store.state.reduced
        XCTAssertEqual(reduced, [.tapped, .sent, .answeredAtOnce, .answeredLater, .sent], "recording changes nothing the Store does")
    }
}
