/// The processing loop shared by `Store` and `TestStore`: reduce an action and every action it
/// sends synchronously, start the effects, cancel the effects of children that disappeared.
/// Used only on its owner's executor.
package final class StoreCore<R: Reducer> {
    package var state: R.State
    let reducer: R
    let dependencies: DependencyValues
    package let effects: EffectRunner<R.Action>
    private let scopes = ScopeRegistry()
    private var buffer: [R.Action] = []
    private(set) var isProcessing = false
    /// Called after each reduced action with the action (TestStore records these).
    package var didReduce: ((R.Action) -> Void)?

    package init(
        state: R.State,
        reducer: R,
        dependencies: DependencyValues,
        sendBack: @escaping @Sendable (R.Action, Int) async -> Void,
        taskEnded: @escaping @Sendable (Int) async -> Void
    ) {
        self.state = state
        self.reducer = reducer
        self.dependencies = dependencies
        self.effects = EffectRunner(sendBack: sendBack, taskEnded: taskEnded)
    }

    /// Reduces `action` and everything it sends synchronously. Returns the tasks started, or
    /// nil when a processing loop is already running (the action then waits in the buffer and
    /// that loop reduces it, in order).
    package func process(_ action: R.Action) -> [Task<Void, Never>]? {
        buffer.append(action)
        guard !isProcessing else { return nil }
        isProcessing = true
        defer { isProcessing = false }
        var started: [Task<Void, Never>] = []
        let context = ScopeContext(registry: scopes, node: nil)
        DependencyValues.$current.withValue(dependencies) {
            ScopeContext.$current.withValue(context) {
                var index = 0
                while index < buffer.count {
                    let next = buffer[index]
                    index += 1
                    let effect = reducer.reduce(into: &state, action: next)
                    didReduce?(next)
                    if !effect.isNone {
                        var immediate: [R.Action] = []
                        effects.run(effect, dependencies: dependencies, immediate: &immediate, started: &started)
                        buffer.append(contentsOf: immediate)
                    }
                    if !scopes.isEmpty {
                        for dead in scopes.removeDead(in: state) {
                            effects.cancel(EffectScopeID.effectID(dead))
                        }
                    }
                }
                buffer.removeAll(keepingCapacity: true)
            }
        }
        return started
    }

    package func tearDown() {
        effects.cancelAll()
        scopes.removeAll()
    }
}
