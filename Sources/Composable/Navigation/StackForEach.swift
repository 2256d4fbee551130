extension Reducer {
    /// Runs `destination` on the stack entry an `.element(id:action:)` names, before this
    /// reducer; applies `.push` and `.popFrom` after it. A popped entry's effects are
    /// cancelled; an entry can close itself with the `dismiss` dependency.
    @inlinable
    public func forEach<ElementState: Sendable, ElementAction: Sendable, Destination: Reducer>(
        _ toStack: WritableKeyPath<State, StackState<ElementState>>,
        action toStackAction: CasePath<Action, StackAction<ElementState, ElementAction>>,
        @ReducerBuilder<ElementState, ElementAction> destination: () -> Destination
    ) -> StackReducer<Self, Destination>
    where Destination.State == ElementState, Destination.Action == ElementAction {
        StackReducer(parent: self, destination: destination(), toStack: toStack, toStackAction: toStackAction)
    }
}

public struct StackReducer<Parent: Reducer, Destination: Reducer>: Reducer where Destination.State: Sendable {
    @usableFromInline let parent: Parent
    @usableFromInline let destination: Destination
    @usableFromInline let toStack: WritableKeyPath<Parent.State, StackState<Destination.State>>
    @usableFromInline let toStackAction: CasePath<Parent.Action, StackAction<Destination.State, Destination.Action>>

    @inlinable
    init(
        parent: Parent, destination: Destination,
        toStack: WritableKeyPath<Parent.State, StackState<Destination.State>>,
        toStackAction: CasePath<Parent.Action, StackAction<Destination.State, Destination.Action>>
    ) {
        self.parent = parent
        self.destination = destination
        self.toStack = toStack
        self.toStackAction = toStackAction
    }

    @inlinable
    public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
        // One test of the extracted action: most actions are not the stack's, and testing it
        // again after the parent ran kept a copy of it alive across the parent.
        switch toStackAction.extract(action) {
        case nil:
            return parent.reduce(into: &state, action: action)
        case let .element(id, elementAction)?:
            let elementEffect = reduceElement(id: id, action: elementAction, state: &state)
            return elementEffect.merge(with: parent.reduce(into: &state, action: action))
        case let .popFrom(id)?:
            let parentEffect = parent.reduce(into: &state, action: action)
            state[keyPath: toStack].pop(from: id)
            return parentEffect
        case let .push(id, element)?:
            let parentEffect = parent.reduce(into: &state, action: action)
            state[keyPath: toStack].insert(element, id: id)
            return parentEffect
        }
    }

    @inlinable
    func reduceElement(
        id: StackElementID, action: Destination.Action, state: inout Parent.State
    ) -> Effect<Parent.Action> {
        let toStack = self.toStack
        let effect = state[keyPath: toStack].modify(id: id) { destination.reduce(into: &$0, action: action) }
        guard let effect, !effect.isNone else { return .none }
        // Only an entry that has effects pays for its path and its liveness check (a value); the
        // escaping embedding is made only for a task.
        let key = AnyHashable([AnyHashable(toStack), AnyHashable(id)])
        let scope = ChildScope(key: .value(key), liveness: HeldChildLiveness(keyPath: toStack, id: id))
        let embed = toStackAction.embed
        return effect
            .lifted(key: .value(key), project: { ($0 as? Parent.State)?[keyPath: toStack][id: id] })
            .map(
                { embed(.element(id: id, action: $0)) }, escaping: { { embed(.element(id: id, action: $0)) } },
                dismissingWith: { embed(.popFrom(id: id)) })
            .scoped(scope)
    }
}
