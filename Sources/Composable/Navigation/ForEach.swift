extension Reducer {
    /// Runs `element` on the element an `.element(id:action:)` names, before this reducer.
    /// An action for an id that is gone is dropped; a removed element's effects are cancelled.
    @inlinable
    public func forEach<ID: Hashable & Sendable, ElementState: Identifiable, ElementAction: Sendable, Element: Reducer>(
        _ toElements: WritableKeyPath<State, IdentifiedArray<ID, ElementState>>,
        action toElementAction: CasePath<Action, IdentifiedAction<ID, ElementAction>>,
        @ReducerBuilder<ElementState, ElementAction> element: () -> Element
    ) -> ForEachReducer<Self, ID, Element>
    where Element.State == ElementState, Element.Action == ElementAction {
        ForEachReducer(parent: self, element: element(), toElements: toElements, toElementAction: toElementAction)
    }
}

public struct ForEachReducer<Parent: Reducer, ID: Hashable & Sendable, Element: Reducer>: Reducer
where Element.State: Identifiable, Element.State.ID == ID {
    @usableFromInline let parent: Parent
    @usableFromInline let element: Element
    @usableFromInline let toElements: WritableKeyPath<Parent.State, IdentifiedArray<ID, Element.State>>
    @usableFromInline let toElementAction: CasePath<Parent.Action, IdentifiedAction<ID, Element.Action>>

    @inlinable
    init(
        parent: Parent, element: Element,
        toElements: WritableKeyPath<Parent.State, IdentifiedArray<ID, Element.State>>,
        toElementAction: CasePath<Parent.Action, IdentifiedAction<ID, Element.Action>>
    ) {
        self.parent = parent
        self.element = element
        self.toElements = toElements
        self.toElementAction = toElementAction
    }

    @inlinable
    public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
        var elementEffect = Effect<Parent.Action>.none
        if case let .element(id, elementAction) = toElementAction.extract(action) {
            elementEffect = reduceElement(id: id, action: elementAction, state: &state)
        }
        return elementEffect.merge(with: parent.reduce(into: &state, action: action))
    }

    @inlinable
    func reduceElement(id: ID, action: Element.Action, state: inout Parent.State) -> Effect<Parent.Action> {
        let toElements = self.toElements
        let effect = state[keyPath: toElements].modify(id: id) { element.reduce(into: &$0, action: action) }
        guard let effect, !effect.isNone else { return .none }
        // Only an element that has effects pays for its path and its liveness check.
        let key = AnyHashable([AnyHashable(toElements), AnyHashable(id)])
        let scope = ChildScope(key: .value(key)) { parentState in
            (parentState as? Parent.State)?[keyPath: toElements].index(id: id) != nil
        }
        let embed = toElementAction.embed
        return effect
            .lifted(key: .value(key), project: { ($0 as? Parent.State)?[keyPath: toElements][id: id] })
            .map { embed(.element(id: id, action: $0)) }
            .scoped(scope)
    }
}
