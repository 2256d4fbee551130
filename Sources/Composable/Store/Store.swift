import Synchronization

/// Runs one feature: holds its state, reduces actions in order, runs effects, and tells an
/// observer about the new state once per processed batch.
///
/// Each Store is its own actor, so thousands of Stores (one per session) run in parallel
/// without a shared lock; a Store given a `StoreExecutor` runs there (the server's: the
/// service thread of the session's connection). Releasing the last reference cancels every
/// effect.
public final actor Store<R: Reducer & Sendable> where R.State: Sendable {
    // Used on this actor's executor, and in deinit, when nothing else can reach it.
    @usableFromInline nonisolated(unsafe) let core: StoreCore<R>
    // Read after every batch; touched only on this actor, never in overlapping accesses.
    @exclusivity(unchecked) @usableFromInline var observer: (@Sendable (R.State, StateChange) -> Void)?
    /// Whether the observer has seen the state as reduced so far (false until its first call).
    @exclusivity(unchecked) private var observerIsCurrent = false
    /// Asked first about a change of one shared value while the observer is current; true when
    /// it sent on all the observer would have of that change (`takeSharedChanges`).
    @exclusivity(unchecked) private var sharedChangeTaker: (any SharedChangeTaker)?
    /// The shared values listened to, in the order `sharedIn` (or the reflection) listed them:
    /// compared in place after every batch. A small array, not a table: a state holds two to
    /// four, and an idle session keeps it.
    private var sharedSubscriptions: [SharedListened] = []
    private var sharedIn: (@Sendable (R.State, inout SharedListing) -> Void)?
    /// Set while a shared change's notification task is queued and has not run yet (a Store
    /// with no `StoreExecutor`): changes made meanwhile ride on it.
    private nonisolated let sharedChangeQueued = Atomic<Bool>(false)
    /// Where the Store's tasks run: its effects and, without a `StoreExecutor`, its
    /// shared-change notifications. nil: the global pool.
    private nonisolated let executorPreference: (any TaskExecutor)?
    /// The preference, when it can also be the Store's actor executor.
    private nonisolated let storeExecutor: (any StoreExecutor)?
    /// Keeps the executor of a Store without one of its own alive.
    private nonisolated let defaultIsolation: StoreIsolation?
    private nonisolated let serialExecutor: UnownedSerialExecutor

    /// The Store runs on its `StoreExecutor` when it has one, so a task already running there
    /// enters the Store without queueing another job.
    public nonisolated var unownedExecutor: UnownedSerialExecutor { serialExecutor }

    /// Inlinable, so the closures through which effects answer are made where the Store's
    /// feature is known: made in the generic initializer, an answer from a task (a search's
    /// results, through the mailbox) ran the whole processing loop unspecialized, looking the
    /// feature's types up at run time (~5% of the Store's processing in a browse walk).
    @inlinable
    public init(
        initialState: R.State,
        reducer: R,
        executorPreference: (any TaskExecutor)? = nil,
        withDependencies prepare: (inout DependencyValues) -> Void = { _ in }
    ) {
        // Effects reach the Store through a weak reference, so running effects never keep a
        // released Store alive.
        let reference = WeakReference<Store>()
        self.init(
            initialState: initialState, reducer: reducer, executorPreference: executorPreference,
            withDependencies: prepare, reference: reference,
            sendBack: { action, _ in
                guard let store = reference.value, !store.inPlace({ $0.receiveFromEffect(action) }) else { return }
                await store.receiveFromEffect(action)
            },
            taskEnded: { id in
                guard let store = reference.value, !store.inPlace({ $0.effectEnded(id) }) else { return }
                await store.effectEnded(id)
            },
            scheduledFired: { action, id in
                // The server's clock fires on the Store's executor: in place, no task.
                guard let store = reference.value, !store.inPlace({ $0.receiveScheduled(action, id) }) else { return }
                Task { await store.receiveScheduled(action, id) }
            }
        )
    }

    @usableFromInline
    init(
        initialState: R.State,
        reducer: R,
        executorPreference: (any TaskExecutor)?,
        withDependencies prepare: (inout DependencyValues) -> Void,
        reference: WeakReference<Store>,
        sendBack: @escaping @Sendable (R.Action, Int) async -> Void,
        taskEnded: @escaping @Sendable (Int) async -> Void,
        scheduledFired: @escaping @Sendable (R.Action, Int) -> Void
    ) {
        self.executorPreference = executorPreference
        storeExecutor = executorPreference as? any StoreExecutor
        defaultIsolation = storeExecutor == nil ? StoreIsolation() : nil
        serialExecutor = storeExecutor?.isolation.asUnownedSerialExecutor() ?? defaultIsolation!.unownedExecutor
        var dependencies = DependencyValues.current
        prepare(&dependencies)
        core = StoreCore(
            state: initialState,
            reducer: reducer,
            dependencies: dependencies,
            executorPreference: executorPreference,
            sendBack: sendBack,
            taskEnded: taskEnded,
            scheduledFired: scheduledFired
        )
        reference.value = self
    }

    deinit {
        core.tearDown()
    }

    /// The current state.
    public var state: R.State { core.state }

    /// Sends an action. Returns the effects it started; await `finish()` to wait for them.
    @inlinable @discardableResult
    public func send(_ action: R.Action) -> StoreTask {
        guard let tasks = core.process(action) else { return StoreTask(tasks: []) }
        notify()
        return StoreTask(tasks: tasks)
    }

    /// Sends the action `make` builds from the current state, in one visit to the Store (no
    /// separate read of the state first). Nothing is sent when `make` throws.
    @inlinable @discardableResult
    public func send<Failure: Error>(
        _ make: @Sendable (R.State) throws(Failure) -> R.Action
    ) throws(Failure) -> StoreTask {
        send(try core.withState(make))
    }

    /// Runs `body` with the current state on the Store's executor, so no action or observer
    /// call of this Store interleaves with it.
    public func withState<T: Sendable>(_ body: @Sendable (R.State) -> T) -> T {
        core.withState(body)
    }

    /// Sends several actions as one batch: the observer hears once.
    @inlinable
    public func send(_ actions: [R.Action]) {
        _ = core.process(contentsOf: actions)
        notify()
    }

    /// Sets the observer, called on this Store's executor after every processed batch and
    /// whenever shared state the Store holds changes elsewhere.
    ///
    /// The shared values the state holds are found by reflection, once. When a feature swaps
    /// shared values at run time (e.g. switching lists), pass `sharedIn`: it lists them
    /// (`SharedListing.add`, in an order that depends only on the state) and is asked after
    /// every batch.
    public func observe(
        sharedIn: (@Sendable (R.State, inout SharedListing) -> Void)? = nil,
        _ observer: @escaping @Sendable (R.State) -> Void
    ) {
        observeChanges(sharedIn: sharedIn) { state, _ in observer(state) }
    }

    /// `observe(sharedIn:_:)`, with each call told why it is made (`StateChange`).
    public func observeChanges(
        sharedIn: (@Sendable (R.State, inout SharedListing) -> Void)? = nil,
        _ observer: @escaping @Sendable (R.State, StateChange) -> Void
    ) {
        self.observer = observer
        observerIsCurrent = false
        self.sharedIn = sharedIn
        if let sharedIn {
            resubscribe(gathering: sharedIn)
        } else {
            resubscribe(to: SharedDiscovery.references(in: core.state))
        }
    }

    /// Subscribes to the shared values `sharedIn` lists now, and remembers their order.
    private func resubscribe(gathering sharedIn: (R.State, inout SharedListing) -> Void) {
        var listing = SharedListing(gathering: ())
        core.withState { sharedIn($0, &listing) }
        resubscribe(to: (listing.gathered ?? []).map(\.box))
    }

    /// Sets `taker`, asked on this Store's executor about each change of one shared value
    /// (`Shared.referenceID`) the Store holds, once the observer has seen every reduced batch.
    /// When it answers true, the observer is not called for that change: the taker has done
    /// all the observer would have done with it (the server's favorites-only change, see
    /// docs/INTERNALS.md). The state still reads the new value, through its `Shared`.
    public func takeSharedChanges(_ taker: (any SharedChangeTaker)?) {
        sharedChangeTaker = taker
    }

    private func resubscribe(to boxes: [any AnySharedBox]) {
        var subscriptions: [SharedListened] = []
        subscriptions.reserveCapacity(boxes.count)
        for box in boxes {
            let id = box.boxID
            let subscription = subscriptions.first { $0.id == id }?.subscription
                ?? sharedSubscriptions.first { $0.id == id }?.subscription
                ?? box.subscribe(self)
            subscriptions.append(SharedListened(id: id, subscription: subscription))
        }
        sharedSubscriptions = subscriptions
    }

    /// Cancels every running effect and stops observing shared state.
    public func tearDown() {
        core.tearDown()
        sharedSubscriptions = []
        observer = nil
        sharedChangeTaker = nil
    }

    /// Hands `inspector` what each action reduced from now on did: the state before and after,
    /// the effects started and cancelled (nil stops). Called on the Store's executor, inside
    /// the processing loop: it must not send to the Store.
    public func inspectActions(_ inspector: (@Sendable (ReducedActionRecord<R.State, R.Action>) -> Void)?) {
        core.inspector = inspector
    }

    /// How many effects are running.
    public var runningEffectCount: Int { core.effects.runningCount }

    /// How many child scopes' liveness checks run after each action (tests count the work).
    package var checkedScopeCount: Int { core.scopes.count }

    /// Runs `body` at once when the caller already runs on the Store's executor (an effect
    /// there: awaiting the Store would queue a job to change isolation, and another to come
    /// back); false, having done nothing, elsewhere.
    @usableFromInline nonisolated func inPlace(_ body: (isolated Store) -> Void) -> Bool {
        guard storeExecutor?.isCurrent == true else { return false }
        assumeIsolated(body)
        return true
    }

    @inlinable
    func receiveFromEffect(_ action: R.Action) {
        // Runs in the effect's task: a cancelled effect sends nothing, even if it was
        // cancelled while waiting for this executor.
        guard !Task.isCancelled else { return }
        receiveEffectAction(action)
    }

    /// A delayed send's action, unless it was cancelled before its clock fired.
    @inlinable
    func receiveScheduled(_ action: R.Action, _ id: Int) {
        guard core.effects.fired(id) else { return }
        receiveEffectAction(action)
    }

    @inlinable
    func receiveEffectAction(_ action: R.Action) {
        // A recording notes the action as an effect's (`ActionRecording.swift`).
        guard core.recorder != nil else {
            send(action)
            return
        }
        core.incomingSource = .effect
        send(action)
        core.incomingSource = .external
    }

    @usableFromInline func effectEnded(_ id: Int) {
        core.effects.finished(id)
    }

    @usableFromInline func notify() {
        if let sharedIn {
            // Asked after every batch and nearly always the same: compared in place with what
            // was listed last, and gathered only when they changed (an array of references
            // built, retained and looked up on every batch was not free).
            var listing = SharedListing(comparingWith: sharedSubscriptions)
            core.withState { sharedIn($0, &listing) }
            if !listing.matchesExpected { resubscribe(gathering: sharedIn) }
        }
        guard let observer else { return }
        core.withState { observer($0, .reduced) }
        observerIsCurrent = true
    }
}

extension Store: SharedSubscriber {
    package nonisolated var notificationExecutor: (any StoreExecutor)? { storeExecutor }

    package nonisolated func sharedValueDidChange(of box: ObjectIdentifier) {
        if storeExecutor != nil {
            // Told on its executor, by the walk over the holders there (`SharedHolders` groups
            // holders by their `notificationExecutor`): in place, no job.
            onItsExecutor { $0.sharedChanged(box) }
            return
        }
        guard !sharedChangeQueued.exchange(true, ordering: .sequentiallyConsistent) else { return }
        // Detached: the task that changed the value (another session's action) lends it
        // neither its task-locals, which were copied into every holder's task, nor its priority.
        // Changes ride on one queued notification, so which value changed is not known.
        Task.detached(executorPreference: executorPreference) { await self.sharedChanged(nil) }
    }

    /// `assumeIsolated(body)` without its check in release builds: for a caller that runs on
    /// the Store's executor by construction (a shared change's walk there, a session's frame
    /// read there). The runtime's check asked which executor is current, through the executor's
    /// witnesses, on every call. Debug builds check (`preconditionIsolated`, which also knows
    /// the serial queue a stopped service thread's jobs move to), so tests hold the rule.
    package nonisolated func onItsExecutor<T>(_ body: (isolated Store) -> T) -> T {
        #if DEBUG
        preconditionIsolated("entered off the Store's executor")
        #endif
        typealias Isolated = (isolated Store) -> T
        typealias Plain = (Store) -> T
        return withoutActuallyEscaping(body) { (body: @escaping Isolated) in
            unsafeBitCast(body, to: Plain.self)(self)
        }
    }

    /// `box`: the one shared value that changed (nil: any of them).
    private func sharedChanged(_ box: ObjectIdentifier?) {
        // Cleared before the state is read: a change after this point queues a notification
        // of its own, one before it is in what the observer sees now. (A Store with an executor
        // never sets it: its holders' walk tells it in place.)
        if storeExecutor == nil { sharedChangeQueued.store(false, ordering: .sequentiallyConsistent) }
        // Only reducing changes which shared values the state holds, so no resubscribing here.
        // Every batch reduced since the observer's first call was observed, so after that
        // call only shared values differ from what it last saw.
        // Before the observer is loaded: a change taken never touches it (its context is a
        // cache line of the member's own). A torn-down Store has neither.
        if observerIsCurrent, let box, let sharedChangeTaker, sharedChangeTaker.takeSharedChange(of: box) { return }
        guard let observer else { return }
        let change: StateChange = observerIsCurrent ? .sharedValues : .reduced
        core.withState { observer($0, change) }
        observerIsCurrent = true
    }
}

/// What a Store asks first about a change of one shared value it holds, once its observer has
/// seen every reduced batch (`Store.takeSharedChanges`). An object, not a closure: a fan-out's
/// every member calls it, and a closure's context was one more object of the member's own to
/// touch (and retain) before the taker's.
public protocol SharedChangeTaker: AnyObject, Sendable {
    /// Called on the Store's executor: true when it sent on all the observer would have of the
    /// change of `box` (`Shared.referenceID`), which the observer then is not told.
    func takeSharedChange(of box: ObjectIdentifier) -> Bool
}

/// A weak reference set once, in a Store's (or TestStore's) initializer, before any effect can
/// read it: effects reach their store through it, so they never keep a released one alive.
@usableFromInline
package final class WeakReference<Object: AnyObject>: @unchecked Sendable {
    @usableFromInline package weak var value: Object?

    @usableFromInline package init() {}
}
