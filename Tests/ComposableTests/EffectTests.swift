import Composable
import ComposableTesting
import XCTest

@MainActor
final class EffectTests: XCTestCase {
    func testSendEffectsAreReducedInOrderInTheSameLoop() async {
        let store = TestStore(initialState: Counter.State(), reducer: Counter())
        await store.send(.incrementTwiceTapped)
        await store.receive(.increment) { $0.count = 1 }
        await store.receive(.increment) { $0.count = 2 }
    }

    func testCancelByIDStopsTheEffectBeforeItSends() async {
        let clock = TestClock()
        let store = TestStore(initialState: Counter.State(), reducer: Counter()) { $0.clock = clock }
        await store.send(.factTapped)
        await store.send(.cancelFactTapped)
        await clock.advance(by: .seconds(5))
        await store.finish()
        XCTAssertEqual(clock.sleeperCount, 0)
    }

    func testCancelInFlightKeepsOnlyTheLatestEffect() async {
        let clock = TestClock()
        let store = TestStore(initialState: Counter.State(), reducer: Counter()) { $0.clock = clock }
        await store.send(.factTapped)
        await store.send(.increment) { $0.count = 1 }
        await store.send(.factTapped)
        await clock.advance(by: .seconds(1))
        await store.receive(.factResponse("1 is a number")) { $0.fact = "1 is a number" }
        await store.finish()
    }

    func testDebounceWithClockSleepAndCancelInFlight() async {
        let clock = TestClock()
        let store = TestStore(initialState: Counter.State(), reducer: Counter()) { $0.clock = clock }
        await store.send(.queryChanged("p")) { $0.query = "p" }
        await clock.advance(by: .milliseconds(200))
        await store.send(.queryChanged("pi")) { $0.query = "pi" }
        await clock.advance(by: .milliseconds(200))
        await store.send(.queryChanged("pik")) { $0.query = "pik" }
        await clock.advance(by: .milliseconds(299))
        XCTAssertEqual(clock.sleeperCount, 1)
        await clock.advance(by: .milliseconds(1))
        await store.receive(.searched("pik")) { $0.searches = ["pik"] }
    }

    func testRunErrorsGoToCatchAndCancellationIsNotAnError() async {
        struct Boom: Error {}
        enum Action: Equatable, Sendable { case start, startAndCancel, failed(String) }
        let reducer = Reduce<Int, Action> { state, action in
            switch action {
            case .start:
                return .run { _ in throw Boom() } catch: { error, send in await send(.failed("\(error)")) }
            case .startAndCancel:
                return .merge(
                    .run { _ in try await Task.sleep(for: .seconds(60)) } catch: { _, send in await send(.failed("cancelled")) }
                        .cancellable(id: "long"),
                    .cancel(id: "long")
                )
            case let .failed(message):
                state += message.count
                return .none
            }
        }
        let store = TestStore(initialState: 0, reducer: reducer)
        await store.send(.start)
        await store.receive(.failed("Boom()")) { $0 = 6 }
        await store.send(.startAndCancel)
        await store.finish()
    }
}
