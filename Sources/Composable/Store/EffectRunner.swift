/// Starts a Store's effects as tasks (or, a delayed send, as a call its clock schedules) and
/// cancels them by id. Owned by one Store and used only on that Store's executor.
///
/// A task starts immediately (`Task.immediate`): it runs on the Store's executor until its
/// first real suspension. An effect whose work answers at once (a page from the in-memory
/// catalog) sends its action back while the Store's batch is still running, so the batch
/// reduces it too and the observer hears once, not once for `loading` and again for `loaded`.
@usableFromInline
package final class EffectRunner<Action: Sendable> {
    private var nextTaskID = 0
    /// The tasks still running after their immediate start, and the delayed sends scheduled
    /// and not fired yet, in the order they started, each with the ids it is registered under.
    /// A list searched in turn, not tables by task and by id: a Store runs a task or two at a
    /// time (a search's debounce), and the tables' storage (two dictionaries, a set and an
    /// array) was made, hashed into through erased ids and freed again for every task.
    private var running: [RunningTask] = []
    /// The declared hash (`EffectID.declaredHash`) of each id a running task is registered
    /// under, once per task and id: asked before a cancellation makes its scoped id, for
    /// nearly every effect, so kept flat rather than read through `running`'s entries.
    private var declaredHashes: [Int] = []
    /// The task in its immediate start (`launch`), and whether it ended there: it is entered
    /// in the tables only if it did not.
    private var starting: (taskID: Int, ended: Bool)?

    /// How a task hands its actions back to the Store, with the id of the sending task.
    let sendBack: @Sendable (Action, Int) async -> Void
    /// Called on the Store's executor when a task ends (see `finished(_:)`).
    let taskEnded: @Sendable (Int) async -> Void
    /// Called by a `SchedulingClock` when a delayed send's time has come, with its action and
    /// id, wherever the clock calls (the owner brings it to the Store's executor, where
    /// `fired(_:)` tells whether it still counts).
    let scheduledFired: @Sendable (Action, Int) -> Void
    /// Entries ever added to `running`: a child scope is registered when its effects added one.
    @usableFromInline private(set) var enteredCount = 0
    /// Queues an action in the running processing loop: set by the loop's owner, used for an
    /// action a task sends during its immediate start (see `ProcessingThread`).
    @usableFromInline var acceptDuringProcessing: ((Action) -> Void)?
    /// Told when no running task is registered under an id any more (set by the loop's
    /// owner: a child scope with no task left has nothing to cancel, so its liveness check
    /// is dropped).
    var idReleased: ((EffectID) -> Void)?
    /// Where effects' tasks run after they first suspend (nil: the global pool).
    let executorPreference: (any TaskExecutor)?
    /// Set while an inspected action is reduced: what was started and cancelled.
    @usableFromInline var journal: EffectJournal?

    init(
        executorPreference: (any TaskExecutor)?,
        sendBack: @escaping @Sendable (Action, Int) async -> Void,
        taskEnded: @escaping @Sendable (Int) async -> Void,
        scheduledFired: @escaping @Sendable (Action, Int) -> Void
    ) {
        self.executorPreference = executorPreference
        self.sendBack = sendBack
        self.taskEnded = taskEnded
        self.scheduledFired = scheduledFired
    }

    package var runningCount: Int { running.count }
    package func isRunning(_ taskID: Int) -> Bool { running.contains { $0.taskID == taskID } }

    /// Runs `effect` in merge order: synchronous `.send` actions go to `immediate`, and so do
    /// answers given at once (`Effect.answered`), with an effect's source; the actions of tasks that
    /// answer during their start go to `acceptDuringProcessing`, the same buffer. (`immediate`
    /// is made in the loop, specialized with it; `acceptDuringProcessing` is made generic in
    /// the loop's owner, and appending through it looked the array's type up at run time.)
    /// Tasks still running after their immediate start are appended to `started`; child
    /// scopes that start tasks are registered in `scopes`. Inlinable, with the walk below, so that it is specialized for
    /// the Store's action: unspecialized, every node's switch looked its type up at run time.
    @inlinable
    func run(
        _ effect: Effect<Action>,
        scopes: ScopeRegistry,
        immediate: (Action, ActionSource) -> Void,
        started: inout [Task<Void, Never>]
    ) {
        // Nearly every effect that reaches here starts no task and cancels nothing (a detail
        // or a page answered at once, declared cancellable inside a presented child): its
        // actions are handed over in order without carrying a placement down the tree.
        if journal == nil, !needsPlacement(effect) { return deliver(effect, immediate: immediate) }
        run(effect, at: Placement(), scopes: scopes, immediate: immediate, started: &started)
    }

    /// Whether walking `effect` needs its placement: it starts a task, or a cancellation in it
    /// can find one. False means the walk below does nothing but hand its actions over (no
    /// table is touched, so no scope or id is made or registered).
    @inlinable
    func needsPlacement(_ effect: Effect<Action>) -> Bool {
        switch effect.operation {
        case .none, .send, .answer:
            return false
        case .run, .sendAfter:
            return true
        case let .cancel(id), let .answerCancelling(_, id):
            return mayHaveTasks(declaredAs: id)
        case let .cancellable(id, cancelInFlight, inner):
            return (cancelInFlight && mayHaveTasks(declaredAs: id)) || needsPlacement(inner)
        case let .merge(effects):
            return effects.contains { needsPlacement($0) }
        case let .scoped(_, inner):
            return needsPlacement(inner)
        }
    }

    /// The walk of an effect that does not need its placement (`needsPlacement`): its `.send`
    /// and `.answer` actions in merge order, as `run(_:at:…)` would hand them over.
    @inlinable
    func deliver(_ effect: Effect<Action>, immediate: (Action, ActionSource) -> Void) {
        switch effect.operation {
        case .none, .run, .sendAfter, .cancel:
            return
        case let .send(action):
            immediate(action, .send)
        case let .answer(action), let .answerCancelling(action, _):
            immediate(action, .effect)
        case let .merge(effects):
            for effect in effects { deliver(effect, immediate: immediate) }
        case let .cancellable(_, _, inner), let .scoped(_, inner):
            deliver(inner, immediate: immediate)
        }
    }

    /// Where an effect sits in the tree: the ids its tasks are registered under and the
    /// namespace of the ids declared in it, some not made yet. Making them (a scope's id hashed
    /// from its path, a declared id namespaced by it, an array of them) is needed only by
    /// what registers or cancels a task, and nearly every effect answers at once (a detail or
    /// a page from memory, declared cancellable under a scope), which needs neither: they are
    /// made when a task starts, a cancellation can find tasks to cancel, or a scope inside is
    /// entered (`named`).
    @usableFromInline
    struct Placement {
        @usableFromInline var ids: [EffectID] = []
        @usableFromInline var namespace: EffectScopeID?
        /// The innermost child scope entered, not named yet.
        @usableFromInline var unnamed: ChildScope?
        /// A cancellation id declared inside `unnamed` (or in `namespace`), not added to `ids` yet.
        @usableFromInline var declared: EffectID?

        @inlinable init() {}

        /// The same placement with every id made: `unnamed`'s scope id is the namespace and
        /// its effect id is added to the ids, then `declared`, namespaced by it. The rule that
        /// makes the delay safe: each is a function of the scope's path and the declared id
        /// alone, so made later they are the same ids.
        @usableFromInline func named() -> Placement {
            guard unnamed != nil || declared != nil else { return self }
            var named = self
            if let unnamed {
                let scopeID = EffectScopeID(unnamed.path)
                named.ids.append(EffectScopeID.effectID(scopeID))
                named.namespace = scopeID
                named.unnamed = nil
            }
            if let declared {
                named.ids.append(named.namespace.map(declared.within) ?? declared)
                named.declared = nil
            }
            return named
        }
    }

    @inlinable
    func run(
        _ effect: Effect<Action>,
        at placement: Placement,
        scopes: ScopeRegistry,
        immediate: (Action, ActionSource) -> Void,
        started: inout [Task<Void, Never>]
    ) {
        switch effect.operation {
        case .none:
            return
        case let .send(action):
            immediate(action, .send)
        case let .run(priority, work):
            if let task = launch(priority: priority, work: work, ids: placement.named().ids) { started.append(task) }
        case let .sendAfter(action, delay, clock):
            if let task = schedule(action, after: delay, on: clock, ids: placement.named().ids) { started.append(task) }
        case let .answer(action):
            immediate(action, .effect)
            // Nothing to enter or release: its scope is registered only for a task still running.
            if journal != nil {
                let ids = placement.named().ids
                journal?.started.append(ids.isEmpty ? "answered at once" : "answered at once, cancellable by \(ids.map(\.description).joined(separator: ", "))")
            }
        case let .answerCancelling(action, id):
            // As the cancellation around an answer it stands for (seldom here: only when a
            // task may run under `id`, or while inspected).
            run(Effect(.cancellable(id, cancelInFlight: true, Effect(.answer(action)))), at: placement, scopes: scopes, immediate: immediate, started: &started)
        case let .merge(effects):
            for effect in effects {
                run(effect, at: placement, scopes: scopes, immediate: immediate, started: &started)
            }
        case let .cancellable(id, cancelInFlight, inner):
            // One id waits to be made at a time (an outer one is made first).
            var placement = placement.declared == nil ? placement : placement.named()
            // A cancellation finds nothing while no task is registered under an id declared so.
            if cancelInFlight, mayHaveTasks(declaredAs: id) {
                placement = placement.named()
                cancel(placement.namespace.map(id.within) ?? id)
            }
            placement.declared = id
            run(inner, at: placement, scopes: scopes, immediate: immediate, started: &started)
        case let .cancel(id):
            guard mayHaveTasks(declaredAs: id) else { return }
            let namespace = placement.named().namespace
            cancel(namespace.map(id.within) ?? id)
        case let .scoped(scope, inner):
            // The innermost scope namespaces the ids declared in it; every task of the child
            // (and of its own children) is registered under the child's scope id, which the
            // Store cancels once the liveness check fails.
            // Registered once a task of it is still running after its start: nothing reduces or
            // cancels while the inner effects start, and an effect that answered at once (most
            // of them) leaves nothing to cancel, so registering its scope first only made and
            // removed a table entry per effect.
            var inside = placement.named()
            inside.unnamed = scope
            let enteredBefore = enteredCount
            run(inner, at: inside, scopes: scopes, immediate: immediate, started: &started)
            if enteredCount > enteredBefore {
                let scopeEffectID = EffectScopeID.effectID(EffectScopeID(scope.path))
                if hasTasks(under: scopeEffectID) { scopes.register(scopeEffectID, liveness: scope.liveness) }
            }
        }
    }

    /// Whether a task may be registered under `declared` in some scope: false lets a
    /// cancellation skip making its scoped id (the table holds a few ids at most).
    @usableFromInline func mayHaveTasks(declaredAs declared: EffectID) -> Bool {
        !declaredHashes.isEmpty && declaredHashes.contains(declared.declaredHash)
    }

    /// Whether a running task is registered under `id`.
    @usableFromInline func hasTasks(under id: EffectID) -> Bool {
        running.contains { $0.ids.contains(id) }
    }

    /// Starts the task; returns it unless it ended during its immediate start (an effect
    /// that answered at once), which then never entered the tables.
    @usableFromInline func launch(
        priority: TaskPriority?,
        work: @escaping @Sendable (Send<Action>) async -> Void,
        ids: [EffectID]
    ) -> Task<Void, Never>? {
        nextTaskID += 1
        let taskID = nextTaskID
        let sendBack = self.sendBack
        let taskEnded = self.taskEnded
        // Compared by address, and taken only while its loop runs below on this thread.
        nonisolated(unsafe) let runner = Unmanaged.passUnretained(self)
        let send = Send { action in
            if ProcessingThread.isRunning(runner.toOpaque()) {
                runner.takeUnretainedValue().acceptDuringProcessing?(action)
            } else {
                await sendBack(action, taskID)
            }
        }
        journal?.started.append(ids.isEmpty ? "task \(taskID)" : "task \(taskID), cancellable by \(ids.map(\.description).joined(separator: ", "))")
        // Nothing reduces or cancels during the immediate start (what the task sends waits in
        // the loop's buffer), so a task that ends there need not be entered in the tables and
        // removed again: most effects answer at once, and that was two tables' storage made
        // and freed per effect.
        let outer = starting
        starting = (taskID, false)
        // The task inherits the Store's dependencies as a task-local: it starts inside the
        // processing loop that installed them. (Installing them again here with an async
        // `withValue` would hop off the Store's executor before the effect runs.)
        let task = Task.immediate(priority: priority, executorPreference: executorPreference) {
            await work(send)
            if ProcessingThread.isRunning(runner.toOpaque()) {
                runner.takeUnretainedValue().finished(taskID)
            } else {
                await taskEnded(taskID)
            }
        }
        let endedAtOnce = starting?.ended == true
        starting = outer
        // Its scope is registered only for a task still running (see `.scoped` above), so a
        // task that ended here has none to release.
        if endedAtOnce { return nil }
        enter(RunningTask(taskID: taskID, work: .task(task), ids: ids))
        return task
    }

    /// Schedules a delayed send on `clock` when it can (no task: the clock calls
    /// `scheduledFired`, and the owner hands the action in if `fired(_:)` still finds it), else
    /// starts it as a task that sleeps on the clock, which it returns.
    @usableFromInline func schedule(
        _ action: Action,
        after delay: Duration,
        on clock: any Clock<Duration>,
        ids: [EffectID]
    ) -> Task<Void, Never>? {
        let taskID = nextTaskID + 1
        let scheduledFired = self.scheduledFired
        guard let call = (clock as? any SchedulingClock)?.schedule(after: delay, { scheduledFired(action, taskID) }) else {
            return launch(priority: nil, work: Effect.sleepThenSend(action, after: delay, clock: clock), ids: ids)
        }
        nextTaskID = taskID
        journal?.started.append(ids.isEmpty ? "send after \(delay) (\(taskID))" : "send after \(delay) (\(taskID)), cancellable by \(ids.map(\.description).joined(separator: ", "))")
        enter(RunningTask(taskID: taskID, work: .scheduled(call), ids: ids))
        return nil
    }

    private func enter(_ entry: RunningTask) {
        running.append(entry)
        enteredCount &+= 1
        for id in entry.ids { declaredHashes.append(id.declaredHash) }
    }

    /// Whether the delayed send `taskID` still counts now that its clock fired it (false:
    /// cancelled meanwhile); it is forgotten, as a task that ended.
    @usableFromInline package func fired(_ taskID: Int) -> Bool {
        guard isRunning(taskID) else { return false }
        forget(taskID, released: nil)
        return true
    }

    /// Cancels every task registered under `id`.
    @usableFromInline
    func cancel(_ id: EffectID) {
        guard !running.isEmpty else { return }
        let cancelled = running.filter { $0.ids.contains(id) }
        guard !cancelled.isEmpty else { return }
        journal?.cancelled.append("\(id): tasks \(cancelled.map { String($0.taskID) }.joined(separator: ", "))")
        idReleased?(id)
        for entry in cancelled {
            entry.work.cancel()
            forget(entry.taskID, released: id)
        }
    }

    /// Forgets a task that ended or was cancelled.
    package func finished(_ taskID: Int) {
        if starting?.taskID == taskID {
            starting?.ended = true
            return
        }
        forget(taskID, released: nil)
    }

    /// Removes the task and tells `idReleased` each of its ids no other running task is
    /// registered under, but `released` (its cancellation told it already).
    private func forget(_ taskID: Int, released: EffectID?) {
        guard let index = running.firstIndex(where: { $0.taskID == taskID }) else { return }
        let entry = running.remove(at: index)
        for id in entry.ids {
            if let index = declaredHashes.firstIndex(of: id.declaredHash) { declaredHashes.remove(at: index) }
        }
        // An idle Store keeps no storage: a removal keeps an array's, and thousands of idle
        // sessions each held the lists of the effects their first screen ran.
        if running.isEmpty {
            running = []
            declaredHashes = []
        }
        for (position, id) in entry.ids.enumerated() where id != released && !entry.ids[..<position].contains(id) {
            if !hasTasks(under: id) { idReleased?(id) }
        }
    }

    func cancelAll() {
        for entry in running { entry.work.cancel() }
        running.removeAll()
        declaredHashes.removeAll()
    }
}

/// A task of an `EffectRunner` still running after its immediate start, or a delayed send
/// its clock has not fired yet.
private struct RunningTask {
    enum Work {
        case task(Task<Void, Never>)
        case scheduled(any ScheduledCall)

        func cancel() {
            switch self {
            case let .task(task): task.cancel()
            case let .scheduled(call): call.cancel()
            }
        }
    }

    let taskID: Int
    let work: Work
    /// The ids it is registered under (`Effect.cancellable`, its child scopes').
    let ids: [EffectID]
}
