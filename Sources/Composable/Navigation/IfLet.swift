extension Reducer {
    /// Runs `destination` on the presented child while it is presented, before this reducer.
    /// `.dismiss` closes the child after this reducer has seen it. Every effect of a child is
    /// cancelled as soon as the child is no longer presented (dismissed, set to nil from
    /// anywhere, or replaced by another child); the child can close itself with `dismiss`.
    @inlinable
    public func ifLet<ChildState, ChildAction: Sendable, Destination: Reducer>(
        _ toPresentationState: WritableKeyPath<State, PresentationState<ChildState>>,
        action toPresentationAction: CasePath<Action, PresentationAction<ChildAction>>,
        @ReducerBuilder<ChildState, ChildAction> destination: () -> Destination
    ) -> IfLetReducer<Self, Destination>
    where Destination.State == ChildState, Destination.Action == ChildAction {
        IfLetReducer(
            parent: self, child: destination(),
            toPresentationState: toPresentationState, toPresentationAction: toPresentationAction
        )
    }
}

public struct IfLetReducer<Parent: Reducer, Child: Reducer>: Reducer {
    @usableFromInline let parent: Parent
    @usableFromInline let child: Child
    @usableFromInline let toPresentationState: WritableKeyPath<Parent.State, PresentationState<Child.State>>
    @usableFromInline let toPresentationAction: CasePath<Parent.Action, PresentationAction<Child.Action>>

    @inlinable
    init(
        parent: Parent, child: Child,
        toPresentationState: WritableKeyPath<Parent.State, PresentationState<Child.State>>,
        toPresentationAction: CasePath<Parent.Action, PresentationAction<Child.Action>>
    ) {
        self.parent = parent
        self.child = child
        self.toPresentationState = toPresentationState
        self.toPresentationAction = toPresentationAction
    }

    @inlinable
    public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
        // One test of the extracted action: most actions are not the presentation's, and
        // testing it again after the parent ran kept a copy of it alive across the parent.
        switch toPresentationAction.extract(action) {
        case nil:
            return parent.reduce(into: &state, action: action)
        case let .presented(childAction)?:
            let childEffect = reduceChild(into: &state, action: childAction)
            return childEffect.merge(with: parent.reduce(into: &state, action: action))
        case .dismiss?:
            let parentEffect = parent.reduce(into: &state, action: action)
            state[keyPath: toPresentationState].wrappedValue = nil
            return parentEffect
        }
    }

    @inlinable
    static func reducePresented(
        _ presentation: inout PresentationState<Child.State>, child: Child, action: Child.Action, id: inout Int
    ) -> Effect<Child.Action>? {
        guard let presentationID = presentation.presentationID else { return nil }
        id = presentationID
        return presentation.modifyPresented { child.reduce(into: &$0, action: action) }
    }

    @inlinable
    func reduceChild(into state: inout Parent.State, action: Child.Action) -> Effect<Parent.Action> {
        let keyPath = toPresentationState
        // One key-path access (a runtime call each) reads the identity and runs the child.
        var presentationID = 0
        let effect = Self.reducePresented(&state[keyPath: keyPath], child: child, action: action, id: &presentationID)
        guard let effect, !effect.isNone else {
            return .none  // An action for a child that is no longer presented is dropped.
        }
        // Only a child that has effects pays for its path and its liveness check (a value: no
        // allocation); the escaping embedding is made only for a task.
        let scope = ChildScope(
            key: .presentation(presentationID),
            liveness: HeldChildLiveness(keyPath: keyPath, id: presentationID))
        let embed = toPresentationAction.embed
        return effect
            .lifted(key: .property(keyPath), project: { ($0 as? Parent.State)?[keyPath: keyPath].wrappedValue })
            .map({ embed(.presented($0)) }, escaping: { { embed(.presented($0)) } }, dismissingWith: { embed(.dismiss) })
            .scoped(scope)
    }
}
