extension Effect {
    /// The same work, with every action it sends transformed (how a parent embeds a child's
    /// effects).
    public func map<T: Sendable>(_ transform: @escaping @Sendable (Action) -> T) -> Effect<T> {
        switch operation {
        case .none:
            return .none
        case let .send(action):
            return .send(transform(action))
        case let .run(priority, work):
            return Effect<T>(.run(priority) { send in
                await work(Send { action in await send(transform(action)) })
            })
        case let .merge(effects):
            return Effect<T>(.merge(effects.map { $0.map(transform) }))
        case let .cancellable(id, cancelInFlight, effect):
            return Effect<T>(.cancellable(id, cancelInFlight: cancelInFlight, effect.map(transform)))
        case let .cancel(id):
            return Effect<T>(.cancel(id))
        }
    }

    /// Confines the effect to a child scope: its cancellation ids are namespaced by `scope`
    /// and all of it is registered under the scope, so the Store can cancel the whole child.
    func scoped(to scope: EffectScopeID) -> Self {
        if isNone { return self }
        return Self(.cancellable(EffectScopeID.effectID(scope), cancelInFlight: false, namespaced(scope)))
    }

    private func namespaced(_ scope: EffectScopeID) -> Self {
        switch operation {
        case .none, .send, .run:
            return self
        case let .merge(effects):
            return Self(.merge(effects.map { $0.namespaced(scope) }))
        case let .cancellable(id, cancelInFlight, effect):
            return Self(.cancellable(id.within(scope), cancelInFlight: cancelInFlight, effect.namespaced(scope)))
        case let .cancel(id):
            return Self(.cancel(id.within(scope)))
        }
    }

    /// Wraps every `.run` in this effect so its operation runs inside `wrap` (used to give a
    /// child's effects their own `dismiss` dependency).
    func wrappingRuns(
        _ wrap: @escaping @Sendable (Send<Action>, @escaping @Sendable () async -> Void) async -> Void
    ) -> Self {
        switch operation {
        case .none, .send, .cancel:
            return self
        case let .run(priority, work):
            return Self(.run(priority) { send in await wrap(send) { await work(send) } })
        case let .merge(effects):
            return Self(.merge(effects.map { $0.wrappingRuns(wrap) }))
        case let .cancellable(id, cancelInFlight, effect):
            return Self(.cancellable(id, cancelInFlight: cancelInFlight, effect.wrappingRuns(wrap)))
        }
    }
}

extension EffectScopeID {
    /// The id under which all of a scope's effects are registered.
    static func effectID(_ scope: EffectScopeID) -> EffectID { EffectID(scope) }
}
