import Composable

/// A feature holding a shared set of favorite ids.
struct Favorites: Reducer {
    struct State: Equatable, Sendable {
        var favorites: Shared<Set<Int>>
        var canary: Canary? = nil
    }

    enum Action: Equatable, Sendable {
        case toggle(Int)
    }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
        switch action {
        case let .toggle(id):
            state.favorites.withLock { favorites in
                if favorites.contains(id) { favorites.remove(id) } else { favorites.insert(id) }
            }
            return .none
        }
    }
}

/// Lets a test see when a Store's state is freed.
final class Canary: Equatable, Sendable {
    static func == (lhs: Canary, rhs: Canary) -> Bool { lhs === rhs }
}

/// A form with bindable fields.
struct Form: Reducer {
    struct State: Equatable, Sendable {
        var search = ""
        var type: String?
        var edits = 0
    }

    enum Action: Equatable, Sendable, BindableAction {
        case binding(BindingAction<State>)

        var binding: BindingAction<State>? {
            if case let .binding(action) = self { action } else { nil }
        }
    }

    var body: some Reducer<State, Action> {
        BindingReducer()
        Reduce { state, action in
            state.edits += 1
            return .none
        }
    }
}
