/// Work a reducer asks the Store to do after it changed the state.
public struct Effect<Action: Sendable>: Sendable {
    @usableFromInline
    indirect enum Operation: Sendable {
        case none
        /// Delivered synchronously, in the same processing loop, after the current action.
        case send(Action)
        case run(TaskPriority?, @Sendable (Send<Action>) async -> Void)
        /// An action sent once `Duration` has passed on the clock (`send(_:after:clock:)`).
        case sendAfter(Action, Duration, any Clock<Duration>)
        /// An action known when the effect was made (`Effect.answered`): delivered as a task's
        /// answer during its immediate start would be, in the same loop, with an effect's source.
        case answer(Action)
        /// An answer that cancels the effects running under an id first: what
        /// `.answer(action).cancellable(id:cancelInFlight: true)` was (a fetch answered at
        /// once, declared so that it replaces one in flight), as one node. Each level a
        /// child's effect passes maps it into one node, not a cancellation and an answer.
        case answerCancelling(Action, EffectID)
        case merge([Effect<Action>])
        case cancellable(EffectID, cancelInFlight: Bool, Effect<Action>)
        case cancel(EffectID)
        /// The effects of one child scope: registered under it, their cancellation ids
        /// namespaced by it (see `ChildScope`).
        case scoped(ChildScope, Effect<Action>)
    }

    @usableFromInline let operation: Operation

    @inlinable init(_ operation: Operation) { self.operation = operation }

    @inlinable public static var none: Self { Self(.none) }

    @inlinable public static func send(_ action: Action) -> Self { Self(.send(action)) }

    /// Runs `operation` in a task. Errors go to `catch`; cancellation is not an error and is
    /// never reported.
    public static func run(
        priority: TaskPriority? = nil,
        operation: @escaping @Sendable (Send<Action>) async throws -> Void,
        catch handler: (@Sendable (any Error, Send<Action>) async -> Void)? = nil
    ) -> Self {
        Self(.run(priority, work(operation, catch: handler)))
    }

    /// Sends `action` once `delay` has passed on `clock`, unless it is cancelled first (a
    /// debounce: `.cancellable(id:cancelInFlight: true)`). What
    /// `.run { try await clock.sleep(for: delay); await send(action) }` does, without a task
    /// when `clock` is a `SchedulingClock` that can schedule on the Store's executor: the
    /// Store then sets a timer there and hands the action in when it fires. Otherwise it runs
    /// as that task.
    public static func send(_ action: Action, after delay: Duration, clock: any Clock<Duration>) -> Self {
        Self(.sendAfter(action, delay, clock))
    }

    /// The task of `send(_:after:clock:)` on a clock that cannot schedule.
    static func sleepThenSend(_ action: Action, after delay: Duration, clock: any Clock<Duration>) -> @Sendable (Send<Action>) async -> Void {
        work({ send in
            try await clock.sleep(for: delay)
            await send(action)
        }, catch: nil)
    }

    /// A `.run`'s work: `operation`, its errors to `handler`, cancellation ignored.
    private static func work(
        _ operation: @escaping @Sendable (Send<Action>) async throws -> Void,
        catch handler: (@Sendable (any Error, Send<Action>) async -> Void)?
    ) -> @Sendable (Send<Action>) async -> Void {
        { send in
            do {
                try await operation(send)
            } catch {
                // A cancelled task's error (CancellationError or a transfer aborted by it)
                // is the cancellation itself.
                if error is CancellationError || Task.isCancelled { return }
                if let handler {
                    await handler(error, send)
                } else {
                    DependencyValues.current.reportIssue("An effect threw an unhandled error: \(error)")
                }
            }
        }
    }

    /// The action `answer` gives, when it gives one at once (a value held in memory), else
    /// `otherwise` (the effect that fetches it). `answer` is asked here, while the reducer that
    /// makes the effect runs (inside the Store's loop, with its dependencies), and its action is
    /// reduced in the same batch, exactly as a task's that answered during its immediate start:
    /// the same order among the effect's actions, the same source (an effect's), nothing entered
    /// in the runner's tables. It saves that task (a task's creation, its first run and its end
    /// were a tenth of a browse action's CPU). It must not wait, block or do I/O, it reads no
    /// state, and it gets no `dismiss`: only `otherwise` runs as a task, built only when there
    /// is no answer.
    ///
    /// Asked when the effect is made, not when the Store runs it: the answer is then a plain
    /// action that each level the effect passes maps once (`.answer`), where a closure asked at
    /// run time was composed again at each level, with its fallback's, and freed after.
    @inlinable
    public static func answered(by answer: () -> Action?, otherwise: @autoclosure () -> Self) -> Self {
        guard let action = answer() else { return otherwise() }
        return Self(.answer(action))
    }

    @inlinable public static func merge(_ effects: Self...) -> Self { merge(effects) }

    /// Inlinable (with `send`, the declared ids' forms and `merge(with:)`), so a feature builds
    /// its effects specialized to its action: unspecialized, each node looked its metadata up.
    @inlinable
    public static func merge(_ effects: [Self]) -> Self {
        // Most merges keep at most one effect (a reducer merging its effects with `.none`s):
        // found without building the filtered array.
        var only: Self?
        for effect in effects where !effect.isNone {
            guard only == nil else { return Self(.merge(effects.filter { !$0.isNone })) }
            only = effect
        }
        return only ?? .none
    }

    /// This effect and `other`, run together. Builds no merge when either is empty: the
    /// reducers that run two reducers in turn (a builder's sequence, `ifLet`, `forEach`) return
    /// this for every action, most often with one side empty.
    @inlinable
    public func merge(with other: Self) -> Self {
        if other.isNone { return self }
        if isNone { return other }
        return .merge(self, other)
    }

    /// Registers this effect under `id` so that `.cancel(id:)` stops it; with
    /// `cancelInFlight`, effects already running under `id` are cancelled first.
    public func cancellable(id: some Hashable & Sendable, cancelInFlight: Bool = false) -> Self {
        cancellable(id: EffectID(id), cancelInFlight: cancelInFlight)
    }

    /// Cancels every running effect registered under `id`.
    public static func cancel(id: some Hashable & Sendable) -> Self {
        Self(.cancel(EffectID(id)))
    }

    /// The same, with an id made once (a feature's `static let`): making an `EffectID` boxes
    /// its value as an `AnyHashable`, which asks the runtime for the type's conformances each
    /// time, and a fetch is declared cancellable on nearly every action.
    @inlinable
    public func cancellable(id: EffectID, cancelInFlight: Bool = false) -> Self {
        if cancelInFlight, case let .answer(action) = operation { return Self(.answerCancelling(action, id)) }
        return Self(.cancellable(id, cancelInFlight: cancelInFlight, self))
    }

    /// Cancels every running effect registered under `id`, made once.
    @inlinable
    public static func cancel(id: EffectID) -> Self {
        Self(.cancel(id))
    }

    @inlinable public var isNone: Bool {
        if case .none = operation { return true }
        return false
    }
}
