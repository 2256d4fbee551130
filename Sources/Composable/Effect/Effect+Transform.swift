extension Effect {
    /// The same work, with every action it sends transformed (how a parent embeds a child's
    /// effects). Inlinable, so a `Scope` maps specialized to its two action types: generic, each
    /// child effect was rebuilt node by node with the types looked up at run time.
    @inlinable public func map<T: Sendable>(_ transform: @escaping @Sendable (Action) -> T) -> Effect<T> {
        map(transform, escaping: { transform }, dismissingWith: { nil })
    }

    /// `map`, and, given `dismiss`, every `.run` in it given a `dismiss` that sends `dismiss`
    /// through the parent: how `ifLet` and the stack hand a child's effect up. A dismiss from a
    /// presentation that is gone does nothing: its effects are cancelled, and a cancelled effect
    /// cannot send. One pass: mapping, then wrapping the runs, rebuilt the effect's tree twice,
    /// a node and a closure per level each time, for every effect a presented child returned.
    /// Inlinable, so each level's mapping is specialized for its two action types (unspecialized,
    /// every node it made looked up its generic metadata at run time). `dismiss` is made only
    /// for a `.run` (the parent's dismissal action was built, an allocation, for every child
    /// effect, and nearly all of them are answers). Likewise `transform` maps the actions known
    /// now and is not kept; the transform a `.run` keeps is made by `makeTransform`, only for a
    /// `.run` (an escaping closure's context was allocated for every child effect).
    @inlinable func map<T: Sendable>(
        _ transform: (Action) -> T,
        escaping makeTransform: () -> @Sendable (Action) -> T,
        dismissingWith makeDismiss: () -> T?
    ) -> Effect<T> {
        switch operation {
        case .none:
            return .none
        case let .send(action):
            return .send(transform(action))
        case let .run(priority, work):
            let transform = makeTransform()
            guard let dismiss = makeDismiss() else {
                return Effect<T>(.run(priority) { send in
                    await work(Send { action in await send(transform(action)) })
                })
            }
            return Effect<T>(.run(priority) { send in
                await withDependencies {
                    $0.dismiss = DismissEffect { await send(dismiss) }
                } operation: {
                    await work(Send { action in await send(transform(action)) })
                }
            })
        case let .sendAfter(action, delay, clock):
            return Effect<T>(.sendAfter(transform(action), delay, clock))
        case let .answer(action):
            return Effect<T>(.answer(transform(action)))
        case let .answerCancelling(action, id):
            return Effect<T>(.answerCancelling(transform(action), id))
        case let .merge(effects):
            return Effect<T>(.merge(effects.map { $0.map(transform, escaping: makeTransform, dismissingWith: makeDismiss) }))
        case let .cancellable(id, cancelInFlight, effect):
            return Effect<T>(.cancellable(id, cancelInFlight: cancelInFlight, effect.map(transform, escaping: makeTransform, dismissingWith: makeDismiss)))
        case let .cancel(id):
            return Effect<T>(.cancel(id))
        case let .scoped(scope, effect):
            return Effect<T>(.scoped(scope, effect.map(transform, escaping: makeTransform, dismissingWith: makeDismiss)))
        }
    }

    /// Confines the effect to a child scope: the Store registers it under the scope, so it can
    /// cancel the whole child, and namespaces its cancellation ids by the scope.
    @inlinable func scoped(_ scope: ChildScope) -> Self {
        if isNone { return self }
        return Self(.scoped(scope, self))
    }

    /// The effect as seen one level up (a `Scope`, `ifLet` or `forEach` passing a child's effect
    /// to its parent): every child scope inside it gains `key` in front of its path and reads
    /// its liveness through `project`. Effects without child scopes are returned unchanged,
    /// and `project` is not even made (inlined, the closure's context is allocated only when
    /// there is a scope to lift: nearly every effect of a child has none).
    @inlinable func lifted(key: @autoclosure () -> ScopeKey, project: @autoclosure () -> (Any) -> Any?) -> Self {
        guard containsScopes else { return self }
        return lifting(key: key(), project: project())
    }

    @usableFromInline var containsScopes: Bool {
        switch operation {
        case .none, .send, .run, .sendAfter, .cancel, .answer, .answerCancelling: false
        case .scoped: true
        case let .merge(effects): effects.contains { $0.containsScopes }
        case let .cancellable(_, _, effect): effect.containsScopes
        }
    }

    @usableFromInline func lifting(key: ScopeKey, project: @escaping (Any) -> Any?) -> Self {
        switch operation {
        case .none, .send, .run, .sendAfter, .cancel, .answer, .answerCancelling:
            return self
        case let .merge(effects):
            return Self(.merge(effects.map { $0.lifting(key: key, project: project) }))
        case let .cancellable(id, cancelInFlight, effect):
            return Self(.cancellable(id, cancelInFlight: cancelInFlight, effect.lifting(key: key, project: project)))
        case let .scoped(scope, effect):
            return Self(.scoped(scope.lifted(key: key, project: project), effect.lifting(key: key, project: project)))
        }
    }
}

extension EffectScopeID {
    /// The id under which all of a scope's effects are registered.
    @usableFromInline
    static func effectID(_ scope: EffectScopeID) -> EffectID { EffectID(scope: scope) }
}
