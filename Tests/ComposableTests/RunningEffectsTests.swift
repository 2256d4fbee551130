import Composable
import ComposableTesting
import TestSupport
import XCTest

/// The runner's list of running tasks (`EffectRunner`): a cancellation finds every task
/// registered under its id and only those, and a task that ends leaves nothing behind.
final class RunningEffectsTests: XCTestCase {
    /// Sleeps under one of two ids; cancels one id.
    private struct Sleepers: Reducer {
        struct State: Equatable, Sendable { var woken: [String] = [] }
        enum Action: Equatable, Sendable { case sleep(id: String, name: String), cancel(id: String), woke(String) }

        @Dependency(\.clock) var clock

        func reduce(into state: inout State, action: Action) -> Effect<Action> {
            switch action {
            case let .sleep(id, name):
                return .run { [clock] send in
                    try await clock.sleep(for: .seconds(1))
                    await send(.woke(name))
                }
                .cancellable(id: id)
            case let .cancel(id):
                return .cancel(id: id)
            case let .woke(name):
                state.woken.append(name)
                return .none
            }
        }
    }

    func testACancellationStopsEveryTaskUnderItsIdAndNoOther() async throws {
        let clock = TestClock()
        let store = Store(initialState: Sleepers.State(), reducer: Sleepers()) { $0.clock = clock }
        let first = await store.send(.sleep(id: "a", name: "a1"))
        let second = await store.send(.sleep(id: "b", name: "b1"))
        let third = await store.send(.sleep(id: "a", name: "a2"))
        try await waitUntil("three effects sleep on the clock") { clock.sleeperCount == 3 }
        let running = await store.runningEffectCount
        XCTAssertEqual(running, 3)

        await store.send(.cancel(id: "a"))
        await first.finish()
        await third.finish()
        let afterCancel = await store.runningEffectCount
        XCTAssertEqual(afterCancel, 1, "both tasks under `a` are cancelled, the one under `b` runs on")

        await store.send(.cancel(id: "a"))  // Finds nothing left.
        await clock.advance(by: .seconds(1))
        await second.finish()
        let woken = await store.state.woken
        let afterEnd = await store.runningEffectCount
        XCTAssertEqual(woken, ["b1"])
        XCTAssertEqual(afterEnd, 0)
    }
}
