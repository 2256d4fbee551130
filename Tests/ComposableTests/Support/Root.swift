import Composable

/// A grandparent that can clear the parent's presentation without going through the parent.
struct Root: Reducer {
    struct State: Equatable, Sendable {
        var parent = Parent.State()
    }

    enum Action: Equatable, Sendable {
        case parent(Parent.Action)
        case clearParentDestination
    }

    var body: some Reducer<State, Action> {
        Scope(state: \.parent, action: CasePath(Action.parent) { if case let .parent(a) = $0 { a } else { nil } }) {
            Parent()
        }
        Reduce { state, action in
            if case .clearParentDestination = action { state.parent.destination = nil }
            return .none
        }
    }
}
