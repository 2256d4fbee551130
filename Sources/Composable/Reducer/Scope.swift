/// Runs a child reducer on a slice of the parent's state, for the child's actions.
public struct Scope<ParentState, ParentAction: Sendable, Child: Reducer>: Reducer {
    @usableFromInline
    enum StatePath {
        case keyPath(WritableKeyPath<ParentState, Child.State>)
        case casePath(CasePath<ParentState, Child.State>)
    }

    @usableFromInline let toChildState: StatePath
    @usableFromInline let toChildAction: CasePath<ParentAction, Child.Action>
    @usableFromInline let child: Child

    /// A child living in a stored property of the parent.
    @inlinable
    public init<ChildState, ChildAction>(
        state toChildState: WritableKeyPath<ParentState, ChildState>,
        action toChildAction: CasePath<ParentAction, ChildAction>,
        @ReducerBuilder<ChildState, ChildAction> child: () -> Child
    ) where ChildState == Child.State, ChildAction == Child.Action {
        self.toChildState = .keyPath(toChildState)
        self.toChildAction = toChildAction
        self.child = child()
    }

    /// A child living in one case of an enum state (e.g. a `Destination`). Runs only while the
    /// state is in that case.
    @inlinable
    public init<ChildState, ChildAction>(
        state toChildState: CasePath<ParentState, ChildState>,
        action toChildAction: CasePath<ParentAction, ChildAction>,
        @ReducerBuilder<ChildState, ChildAction> child: () -> Child
    ) where ChildState == Child.State, ChildAction == Child.Action {
        self.toChildState = .casePath(toChildState)
        self.toChildAction = toChildAction
        self.child = child()
    }

    @inlinable
    public func reduce(into state: inout ParentState, action: ParentAction) -> Effect<ParentAction> {
        guard let childAction = toChildAction.extract(action) else { return .none }
        switch toChildState {
        case let .keyPath(keyPath):
            let effect = child.reduce(into: &state[keyPath: keyPath], action: childAction)
            if effect.isNone { return .none }
            return effect
                .lifted(key: .property(keyPath), project: { ($0 as? ParentState)?[keyPath: keyPath] })
                .map(toChildAction.embed)
        case let .casePath(casePath):
            // Taken out of `state` while the child reduces, so a child state that is one
            // reference to copy-on-write storage is its only holder and changes in place
            // (docs/INTERNALS.md, "A child in an enum's case").
            let whole = consume state
            guard var childState = casePath.extract(whole) else {
                state = whole
                return .none
            }
            _ = consume whole
            let effect = child.reduce(into: &childState, action: childAction)
            state = casePath.embed(childState)
            if effect.isNone { return .none }
            return effect
                .lifted(key: .type(ObjectIdentifier(Child.self)), project: { ($0 as? ParentState).flatMap(casePath.extract) })
                .map(toChildAction.embed)
        }
    }
}
