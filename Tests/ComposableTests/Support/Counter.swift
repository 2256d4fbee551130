import Composable

/// A counter with a slow, cancellable effect and a debounced search, used across the tests.
struct Counter: Reducer {
    struct State: Equatable, Sendable {
        var id = 0
        var count = 0
        var fact: String?
        var query = ""
        var searches: [String] = []
    }

    enum Action: Equatable, Sendable {
        case increment
        case incrementTwiceTapped
        case factTapped
        /// A fact known at once for an even count (`Effect.answered`), fetched after a
        /// second for an odd one.
        case knownFactTapped
        /// An increment, the fact known at once, another increment: one effect.
        case knownFactAmongIncrementsTapped
        case factResponse(String)
        case cancelFactTapped
        case cancelSearchTapped
        case queryChanged(String)
        /// The same debounce as a delayed send (`Effect.send(_:after:clock:)`), not a task.
        case querySent(String)
        case searched(String)
        case closeTapped
        case closeLaterTapped
    }

    enum CancelID { case fact, search }

    @Dependency(\.clock) var clock
    @Dependency(\.dismiss) var dismiss

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
        switch action {
        case .increment:
            state.count += 1
            return .none
        case .incrementTwiceTapped:
            return .merge(.send(.increment), .send(.increment))
        case .factTapped:
            let count = state.count
            return .run { [clock] send in
                try await clock.sleep(for: .seconds(1))
                await send(.factResponse("\(count) is a number"))
            }
            .cancellable(id: CancelID.fact, cancelInFlight: true)
        case .knownFactTapped:
            let count = state.count
            return Effect.answered(
                by: { count.isMultiple(of: 2) ? .factResponse("\(count) is even") : nil },
                otherwise: .run { [clock] send in
                    try await clock.sleep(for: .seconds(1))
                    await send(.factResponse("\(count) is odd"))
                }
            )
            .cancellable(id: CancelID.fact, cancelInFlight: true)
        case .knownFactAmongIncrementsTapped:
            let count = state.count
            return .merge(
                .send(.increment),
                Effect.answered(by: { .factResponse("\(count) is even") }, otherwise: .none)
                    .cancellable(id: CancelID.fact, cancelInFlight: true),
                .send(.increment)
            )
        case let .factResponse(fact):
            state.fact = fact
            return .none
        case .cancelFactTapped:
            return .cancel(id: CancelID.fact)
        case .cancelSearchTapped:
            return .cancel(id: CancelID.search)
        case let .queryChanged(query):
            state.query = query
            return .run { [clock] send in
                try await clock.sleep(for: .milliseconds(300))
                await send(.searched(query))
            }
            .cancellable(id: CancelID.search, cancelInFlight: true)
        case let .querySent(query):
            state.query = query
            return .send(.searched(query), after: .milliseconds(300), clock: clock)
                .cancellable(id: CancelID.search, cancelInFlight: true)
        case let .searched(query):
            state.searches.append(query)
            return .none
        case .closeTapped:
            return .run { _ in await dismiss() }
        case .closeLaterTapped:
            return .run { [clock] _ in
                try await clock.sleep(for: .seconds(1))
                await dismiss()
            }
        }
    }
}
