import Composable

/// A parent presenting a Counter (as a `Destination` enum with two cases), listing counters
/// with `forEach`, and stacking counters.
struct Parent: Reducer {
    struct Row: Equatable, Sendable, Identifiable {
        var id: Int
        var counter = Counter.State()
    }

    struct State: Equatable, Sendable {
        @PresentationState var destination: Destination.State?
        var rows = IdentifiedArray<Int, Row>()
        var path = StackState<Counter.State>()
    }

    enum Action: Equatable, Sendable {
        case destination(PresentationAction<Destination.Action>)
        case rows(IdentifiedAction<Int, Counter.Action>)
        case path(StackAction<Counter.State, Counter.Action>)
        case presentCounter(id: Int)
        case presentOther
        case clearFromParent
        case removeRow(Int)
    }

    func core(into state: inout State, action: Action) -> Effect<Action> {
        switch action {
        case let .presentCounter(id):
            state.destination = .counter(Counter.State(id: id))
            return .none
        case .presentOther:
            state.destination = .other
            return .none
        case .clearFromParent:
            state.destination = nil
            return .none
        case let .removeRow(id):
            state.rows.remove(id: id)
            return .none
        case .destination, .rows, .path:
            return .none
        }
    }

    var body: some Reducer<State, Action> {
        Reduce(core)
            .ifLet(\.$destination, action: Action.Cases.destination) { Destination() }
            .forEach(\.rows, action: Action.Cases.rows) { Scope(state: \Row.counter, action: CasePath({ $0 }, extract: { $0 })) { Counter() } }
            .forEach(\.path, action: Action.Cases.path) { Counter() }
    }

    /// The presentable children, written by hand as `@Reducer enum Destination` would expand.
    struct Destination: Reducer {
        enum State: Equatable, Sendable, PresentationIdentifiable {
            case counter(Counter.State)
            case other

            var presentationKey: AnyHashable {
                switch self {
                case let .counter(counter): "counter:\(counter.id)"
                case .other: "other"
                }
            }
        }

        enum Action: Equatable, Sendable {
            case counter(Counter.Action)
        }

        var body: some Reducer<State, Action> {
            Scope(
                state: CasePath<State, Counter.State>(State.counter) {
                    if case let .counter(state) = $0 { state } else { nil }
                },
                action: CasePath(Action.counter) { if case let .counter(action) = $0 { action } else { nil } }
            ) { Counter() }
        }
    }
}

extension Parent.Action {
    enum Cases {
        static let destination = CasePath(Parent.Action.destination) {
            if case let .destination(action) = $0 { action } else { nil }
        }
        static let rows = CasePath(Parent.Action.rows) {
            if case let .rows(action) = $0 { action } else { nil }
        }
        static let path = CasePath(Parent.Action.path) {
            if case let .path(action) = $0 { action } else { nil }
        }
    }
}
