/// The processing loop shared by `Store` and `TestStore`: reduce an action and every action it
/// sends synchronously, start the effects, cancel the effects of children that disappeared.
/// Used only on its owner's executor.
@usableFromInline
package final class StoreCore<R: Reducer> {
    // The loop below is @inlinable so that it is specialized for each feature in the module
    // that uses the Store: unspecialized, every action paid for generic metadata lookups.
    // The mutable properties skip the runtime exclusivity check (swift_beginAccess stood high
    // in a per-action profile): they are used only on the owner's executor, by this loop,
    // whose accesses never overlap (the reducer gets `state` inout; nothing else touches the
    // core until it returns).
    @exclusivity(unchecked) @usableFromInline package var state: R.State
    @usableFromInline let reducer: R
    @usableFromInline let dependencies: DependencyValues
    @usableFromInline package let effects: EffectRunner<R.Action>
    @usableFromInline let scopes = ScopeRegistry()
    /// The actions waiting in the running loop, in order: the first in `next`, and any
    /// others in `buffer` (see `enqueue`).
    @exclusivity(unchecked) @usableFromInline var buffer: [R.Action] = []
    /// The first action waiting while `buffer` is empty: nearly every batch waits for one
    /// action at a time (a child's `onAppear`, then the detail or page it answered with), and
    /// an array's storage was allocated and freed for each batch that did.
    @exclusivity(unchecked) @usableFromInline var next: R.Action?
    @exclusivity(unchecked) @usableFromInline var nextSource = ActionSource.send
    @exclusivity(unchecked) @usableFromInline var isProcessing = false
    /// Called after each reduced action with the action (TestStore records these).
    @exclusivity(unchecked) @usableFromInline package var didReduce: ((R.Action) -> Void)?
    /// Told what each action did (`Store.inspectActions`); nil costs one check an action.
    @exclusivity(unchecked) @usableFromInline package var inspector: ((ReducedActionRecord<R.State, R.Action>) -> Void)?
    /// Told each action before it is reduced, with its source (`Store.recordActions`); nil
    /// costs one check an action. While it is set, `bufferSources` runs beside `buffer`.
    @exclusivity(unchecked) @usableFromInline package var recorder: ((R.State, R.Action, ActionSource) -> Void)?
    @exclusivity(unchecked) @usableFromInline var bufferSources: [ActionSource] = []
    /// The source of the actions `process` is given: `.effect` while the Store hands in an
    /// effect's action.
    @exclusivity(unchecked) @usableFromInline var incomingSource = ActionSource.external

    package init(
        state: R.State,
        reducer: R,
        dependencies: DependencyValues,
        executorPreference: (any TaskExecutor)? = nil,
        sendBack: @escaping @Sendable (R.Action, Int) async -> Void,
        taskEnded: @escaping @Sendable (Int) async -> Void,
        scheduledFired: @escaping @Sendable (R.Action, Int) -> Void
    ) {
        self.state = state
        self.reducer = reducer
        self.dependencies = dependencies
        self.effects = EffectRunner(
            executorPreference: executorPreference, sendBack: sendBack, taskEnded: taskEnded, scheduledFired: scheduledFired)
        effects.acceptDuringProcessing = { [unowned self] action in enqueue(action, source: .effect) }
        effects.idReleased = { [scopes] id in scopes.forget(id) }
    }

    /// Reduces `action` and everything it sends synchronously. Returns the tasks started, or
    /// nil when a processing loop is already running (the action then waits in the buffer and
    /// that loop reduces it, in order).
    @inlinable
    package func process(_ action: R.Action) -> [Task<Void, Never>]? {
        guard !isProcessing else {
            enqueue(action, source: incomingSource)
            return nil
        }
        var started: [Task<Void, Never>] = []
        // The Store's dependencies are installed once per processing loop, for its reducers and
        // the effects' tasks, which inherit them.
        DependencyValues.$current.withValue(dependencies) {
            drain(action, started: &started)
        }
        return started
    }

    /// Reduces `actions` one after another, each with everything it sends synchronously before
    /// the next (the same order as processing them one by one), under one installation of the
    /// Store's dependencies. Returns the tasks started, or nil when a loop is already running.
    @inlinable
    package func process(contentsOf actions: some Sequence<R.Action>) -> [Task<Void, Never>]? {
        guard !isProcessing else {
            for action in actions { enqueue(action, source: incomingSource) }
            return nil
        }
        var started: [Task<Void, Never>] = []
        DependencyValues.$current.withValue(dependencies) {
            for action in actions { drain(action, started: &started) }
        }
        return started
    }

    /// Queues `action` in the running loop, after those waiting. It goes to `next` only when
    /// nothing waits in `buffer`, so `next` always comes before every action there (the rule
    /// that keeps the order).
    @inlinable
    func enqueue(_ action: R.Action, source: ActionSource) {
        if buffer.isEmpty, next == nil {
            next = action
            nextSource = source
        } else {
            buffer.append(action)
            if recorder != nil { bufferSources.append(source) }
        }
    }

    /// Reduces `first`, then the actions its effects sent synchronously, in order.
    @inlinable
    func drain(_ first: R.Action, started: inout [Task<Void, Never>]) {
        isProcessing = true
        defer { isProcessing = false }
        ProcessingThread.run(marking: effects) {
            if let recorder { withState { recorder($0, first, incomingSource) } }
            reduce(first, started: &started)
            var index = 0
            while true {
                // `next` first: it is set only while `buffer` is empty, so it came before
                // everything there.
                let action: R.Action
                if let waiting = next {
                    next = nil
                    action = waiting
                    if let recorder { withState { recorder($0, action, nextSource) } }
                } else if index < buffer.count {
                    action = buffer[index]
                    if let recorder {
                        let source = index < bufferSources.count ? bufferSources[index] : .send
                        withState { recorder($0, action, source) }
                    }
                    index += 1
                } else {
                    break
                }
                reduce(action, started: &started)
            }
            guard !buffer.isEmpty else { return }
            // Not keeping its capacity: an idle Store would hold it for good.
            buffer = []
            if recorder != nil { bufferSources = [] }
        }
    }

    @inlinable
    func reduce(_ action: R.Action, started: inout [Task<Void, Never>]) {
        guard let inspector else { return reduceAndRun(action, started: &started) }
        let before = state
        let journal = EffectJournal()
        effects.journal = journal
        reduceAndRun(action, started: &started)
        effects.journal = nil
        inspector(ReducedActionRecord(
            action: action, stateBefore: before, stateAfter: state,
            effectsStarted: journal.started, effectsCancelled: journal.cancelled))
    }

    /// Reduces `action`, starts its effects, and cancels those of children that disappeared.
    @inlinable
    func reduceAndRun(_ action: R.Action, started: inout [Task<Void, Never>]) {
        let effect = reducer.reduce(into: &state, action: action)
        didReduce?(action)
        if !effect.isNone {
            // Actions go to the buffer, not through an inout borrow of it: a task answering
            // during its immediate start appends to it too (`acceptDuringProcessing`).
            effects.run(effect, scopes: scopes, immediate: { action, source in
                enqueue(action, source: source)
            }, started: &started)
        }
        if !scopes.isEmpty {
            for dead in scopes.removeDead(in: state) {
                effects.cancel(dead)
            }
        }
    }

    /// Calls `body` with the state in place. Passing `state` as an argument copies it, which
    /// retains every reference inside it (a session's shared boxes through their side tables,
    /// for every member of a fan-out); lent through an inout access, it is borrowed instead.
    @inlinable package func withState<T, Failure: Error>(_ body: (R.State) throws(Failure) -> T) throws(Failure) -> T {
        try Self.lend(&state, to: body)
    }

    @inlinable static func lend<T, Failure: Error>(_ state: inout R.State, to body: (R.State) throws(Failure) -> T) throws(Failure) -> T {
        try body(state)
    }

    package func tearDown() {
        effects.cancelAll()
        scopes.removeAll()
    }
}
