import Composable

/// `scripts/bench runtime`: the cost of the Store and of composition.
let runtimeSuite = Suite(name: "runtime", summary: "Store overhead, scoped actions, idle Store memory") {
    let actions = 2_000_000
    let reducer = BenchCounter()

    var state = BenchCounter.State()
    let direct = Measure.seconds {
        for _ in 0..<actions { _ = reducer.reduce(into: &state, action: .increment) }
    }
    precondition(state.count == actions)

    let store = Store(initialState: BenchCounter.State(), reducer: reducer)
    let throughStore = await Measure.secondsAsync {
        for _ in 0..<actions { await store.send(.increment) }
    }
    let storeCount = await store.state.count
    precondition(storeCount == actions)

    let scoped = Store(initialState: BenchRoot.State(), reducer: BenchRoot())
    let scopedAction = BenchRoot.Action.child(.destination(.presented(.counter(.increment))))
    let throughScopes = await Measure.secondsAsync {
        for _ in 0..<actions { await scoped.send(scopedAction) }
    }
    let scopedCount = await scoped.state.child.destination?.count
    precondition(scopedCount == actions)

    let storeCount10k = 10_000
    let before = Measure.residentKiB()
    var stores: [Store<BenchCounter>] = []
    stores.reserveCapacity(storeCount10k)
    for _ in 0..<storeCount10k { stores.append(Store(initialState: BenchCounter.State(), reducer: reducer)) }
    let after = Measure.residentKiB()
    withExtendedLifetime(stores) {}

    let directRate = Double(actions) / direct
    let storeRate = Double(actions) / throughStore
    return [
        Figure("runtime.direct_actions_per_s", directRate.rounded(), "actions/s"),
        Figure("runtime.store_actions_per_s", storeRate.rounded(), "actions/s"),
        Figure("runtime.overhead_ratio", directRate / storeRate, "x"),
        Figure("runtime.scoped3_actions_per_s", (Double(actions) / throughScopes).rounded(), "actions/s"),
        Figure("runtime.stores_10k_rss_kib", Double(after - before) / Double(storeCount10k), "KiB/store"),
    ]
}

struct BenchCounter: Reducer {
    struct State: Sendable { var count = 0 }
    enum Action: Sendable { case increment }
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
        state.count += 1
        return .none
    }
}

/// Three levels: Root → Scope → Parent → ifLet → Destination → Scope → BenchCounter.
struct BenchRoot: Reducer {
    struct State: Sendable { var child = BenchParent.State() }
    enum Action: Sendable { case child(BenchParent.Action) }
    var body: some Reducer<State, Action> {
        Scope(state: \.child, action: CasePath(Action.child) { if case let .child(a) = $0 { a } else { nil } }) {
            BenchParent()
        }
    }
}

struct BenchParent: Reducer {
    struct State: Sendable {
        @PresentationState var destination: BenchCounter.State? = BenchCounter.State()
    }
    enum Action: Sendable { case destination(PresentationAction<BenchDestination.Action>) }
    var body: some Reducer<State, Action> {
        EmptyReducer()
            .ifLet(\.$destination, action: CasePath(Action.destination) { if case let .destination(a) = $0 { a } else { nil } }) {
                BenchDestination()
            }
    }
}

struct BenchDestination: Reducer {
    enum Action: Sendable { case counter(BenchCounter.Action) }
    var body: some Reducer<BenchCounter.State, Action> {
        Scope(state: \BenchCounter.State.self, action: CasePath(Action.counter) { if case let .counter(a) = $0 { a } else { nil } }) {
            BenchCounter()
        }
    }
}
