import Composable

/// `scripts/bench runtime`: the cost of the Store and of composition.
///
/// What each figure measures:
/// - `runtime.stores_10k_rss_kib`: resident-set growth per Store after creating 10,000 Stores of
///   `BenchCounter`, each sent one action (so anything a Store allocates lazily exists) and read
///   back (so they are alive). Measured first, before the throughput phases leave freed heap
///   behind that new Stores would silently reuse. Page-granular.
/// - `runtime.direct_actions_per_s`: the counter reducer called directly, one action per call,
///   through a non-inlined function the optimizer cannot see through, with its effect examined
///   and the state checked afterwards. This is the floor any runtime pays to reduce an action.
/// - `runtime.store_actions_per_s`: the same reducer through `await store.send(action)` from
///   outside the Store, one action per call, as the server sends them. Each call includes the
///   hop onto the Store's actor and back.
/// - `runtime.overhead_ratio`: direct ÷ store (per-call, with the actor hop).
/// - `runtime.store_batched_actions_per_s`: the same reducer through `await store.send(actions)`
///   with 1,000 actions per call: the cost of `Store`'s processing loop itself, without one
///   actor hop per action.
/// - `runtime.batched_overhead_ratio`: direct ÷ store batched. The Store's loop is specialized
///   for the feature and inlines its reducer, while the direct figure deliberately pays one
///   non-inlined call per action, so this ratio can go below 1: it then says the loop adds
///   less per action than one function call, not that the Store is faster than the reducer.
/// - `runtime.scoped3_actions_per_s`: per-call `await store.send(action)` of an action routed
///   Root → Scope → Parent → ifLet → Destination → Scope → counter.
/// Each throughput figure is the median of three runs of 2,000,000 actions (on a shared,
/// loaded machine a single short run is at the mercy of preemption).
let runtimeSuite = Suite(name: "runtime", summary: "Store overhead, scoped actions, idle Store memory") {
    let actions = 2_000_000
    let reducer = BenchCounter()

    // Memory first, on a heap the throughput phases have not churned.
    let storeCount10k = 10_000
    let before = Measure.residentKiB()
    var stores: [Store<BenchCounter>] = []
    stores.reserveCapacity(storeCount10k)
    for _ in 0..<storeCount10k { stores.append(Store(initialState: BenchCounter.State(), reducer: reducer)) }
    var alive = 0
    for store in stores {
        await store.send(.increment)
        alive += await store.state.count
    }
    precondition(alive == storeCount10k)
    let after = Measure.residentKiB()
    withExtendedLifetime(stores) {}
    stores = []

    let runs = 3
    var state = BenchCounter.State()
    let direct = await medianSeconds(runs) {
        var none = 0
        for _ in 0..<actions where reduceOpaque(reducer, &state, .increment) { none += 1 }
        precondition(none == actions)
    }
    precondition(state.count == runs * actions)

    let store = Store(initialState: BenchCounter.State(), reducer: reducer)
    let throughStore = await medianSeconds(runs) {
        for _ in 0..<actions { await store.send(.increment) }
    }
    let storeCount = await store.state.count
    precondition(storeCount == runs * actions)

    let batchSize = 1_000
    let batch = [BenchCounter.Action](repeating: .increment, count: batchSize)
    let batchedStore = Store(initialState: BenchCounter.State(), reducer: reducer)
    let throughBatches = await medianSeconds(runs) {
        for _ in 0..<(actions / batchSize) { await batchedStore.send(batch) }
    }
    let batchedCount = await batchedStore.state.count
    precondition(batchedCount == runs * actions)

    let scoped = Store(initialState: BenchRoot.State(), reducer: BenchRoot())
    let scopedAction = BenchRoot.Action.child(.destination(.presented(.counter(.increment))))
    let throughScopes = await medianSeconds(runs) {
        for _ in 0..<actions { await scoped.send(scopedAction) }
    }
    let scopedCount = await scoped.state.child.destination?.count
    precondition(scopedCount == runs * actions)

    let directRate = Double(actions) / direct
    let storeRate = Double(actions) / throughStore
    let batchedRate = Double(actions) / throughBatches
    return [
        Figure("runtime.direct_actions_per_s", directRate.rounded(), "actions/s"),
        Figure("runtime.store_actions_per_s", storeRate.rounded(), "actions/s"),
        Figure("runtime.overhead_ratio", directRate / storeRate, "x"),
        Figure("runtime.store_batched_actions_per_s", batchedRate.rounded(), "actions/s"),
        Figure("runtime.batched_overhead_ratio", directRate / batchedRate, "x"),
        Figure("runtime.scoped3_actions_per_s", (Double(actions) / throughScopes).rounded(), "actions/s"),
        Figure("runtime.stores_10k_rss_kib", Double(after - before) / Double(storeCount10k), "KiB/store"),
    ]
}

/// The median of `runs` timings of `body`, in seconds.
func medianSeconds(_ runs: Int, _ body: () async -> Void) async -> Double {
    var samples: [Double] = []
    for _ in 0..<runs { samples.append(await Measure.secondsAsync(body)) }
    return samples.sorted()[runs / 2]
}

/// One reducer call behind a call the optimizer may not inline, so the benchmark loop cannot
/// be folded into a single addition.
@inline(never)
func reduceOpaque(_ reducer: BenchCounter, _ state: inout BenchCounter.State, _ action: BenchCounter.Action) -> Bool {
    reducer.reduce(into: &state, action: action).isNone
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
