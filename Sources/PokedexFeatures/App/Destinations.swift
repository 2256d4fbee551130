import Composable
import PokedexModels

extension AppFeature {
    /// What can be presented over the list (the detail now; room for a share sheet, alerts).
    public struct Destination: Reducer, Sendable {
        /// One pointer: every session's state holds one, nearly always nil, and its largest
        /// case inline made each larger, twice (the Store's state and the projection's memo of
        /// it). The detail's state is itself one reference (copy-on-write), so its case is not
        /// boxed: a box was made again on every action that reached the detail.
        public enum State: Equatable, Sendable, PresentationIdentifiable {
            case detail(PokemonDetailFeature.State)
            indirect case favorites(FavoritesFeature.State)

            public var presentationKey: AnyHashable {
                switch self {
                case let .detail(detail): Key.detail(detail.pokemon.id)
                case .favorites: Key.favorites
                }
            }

            /// Which child is presented: a value compared in place (a string interpolated for
            /// each side was built, hashed into a box and released on every navigation).
            enum Key: Hashable { case detail(Int), favorites }
        }

        public enum Action: Equatable, Sendable {
            case detail(PokemonDetailFeature.Action)
            case favorites(FavoritesFeature.Action)
        }

        public init() {}

        /// The body, built once: it depends on nothing but the type (docs/INTERNALS.md).
        nonisolated(unsafe) private static let composed: some Reducer<State, Action> = Destination().body

        public func reduce(into state: inout State, action: Action) -> Effect<Action> {
            Self.composed.reduce(into: &state, action: action)
        }

        public var body: some Reducer<State, Action> {
            Scope(
                state: CasePath(State.detail) { if case let .detail(state) = $0 { state } else { nil } },
                action: CasePath(Action.detail) { if case let .detail(action) = $0 { action } else { nil } }
            ) { PokemonDetailFeature() }
            Scope(
                state: CasePath(State.favorites) { if case let .favorites(state) = $0 { state } else { nil } },
                action: CasePath(Action.favorites) { if case let .favorites(action) = $0 { action } else { nil } }
            ) { FavoritesFeature() }
        }
    }

    /// The drill-down screens stacked above the detail.
    public struct Path: Reducer, Sendable {
        public enum State: Equatable, Sendable {
            case type(PokemonTypeFeature.State)
            case detail(PokemonDetailFeature.State)

            var screen: Screen {
                switch self {
                case let .type(state): .type(state.type)
                case let .detail(state): .pokemon(state.pokemon.id)
                }
            }
        }

        public enum Action: Equatable, Sendable {
            case type(PokemonTypeFeature.Action)
            case detail(PokemonDetailFeature.Action)
        }

        public init() {}

        /// The body, built once: it depends on nothing but the type (docs/INTERNALS.md).
        nonisolated(unsafe) private static let composed: some Reducer<State, Action> = Path().body

        public func reduce(into state: inout State, action: Action) -> Effect<Action> {
            Self.composed.reduce(into: &state, action: action)
        }

        public var body: some Reducer<State, Action> {
            Scope(
                state: CasePath(State.type) { if case let .type(state) = $0 { state } else { nil } },
                action: CasePath(Action.type) { if case let .type(action) = $0 { action } else { nil } }
            ) { PokemonTypeFeature() }
            Scope(
                state: CasePath(State.detail) { if case let .detail(state) = $0 { state } else { nil } },
                action: CasePath(Action.detail) { if case let .detail(action) = $0 { action } else { nil } }
            ) { PokemonDetailFeature() }
        }
    }
}
