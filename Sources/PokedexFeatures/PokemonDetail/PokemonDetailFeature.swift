import Composable
import PokedexModels
import PokemonClient

/// One Pokémon: shows the list's row at once, loads the full detail, toggles the favorite
/// star, closes itself, and asks its parent to drill into a type.
public struct PokemonDetailFeature: Reducer, Sendable {
    public struct State: Equatable, Sendable {
        public var pokemon: Pokemon
        public var detail: LoadState<PokemonDetail> = .idle
        public var favorites: Shared<Set<Int>>

        public init(pokemon: Pokemon, favorites: Shared<Set<Int>>) {
            self.pokemon = pokemon
            self.favorites = favorites
        }

        public var isFavorite: Bool { favorites.wrappedValue.contains(pokemon.id) }
    }

    public enum Action: Equatable, Sendable {
        case onAppear
        case retryTapped
        case detailLoaded(PokemonDetail)
        case detailFailed(String)
        case closeTapped
        case favoriteTapped
        case typeTapped(String)
        case delegate(Delegate)

        public enum Delegate: Equatable, Sendable {
            case showType(String)
        }
    }

    enum CancelID { case detail }

    @Dependency(\.pokemonClient) var pokemonClient
    @Dependency(\.dismiss) var dismiss

    public init() {}

    public func reduce(into state: inout State, action: Action) -> Effect<Action> {
        switch action {
        case .onAppear:
            switch state.detail {
            case .loaded, .loading: return .none
            case .idle, .failed: return load(&state)
            }

        case .retryTapped:
            guard case .failed = state.detail else { return .none }
            return load(&state)

        case let .detailLoaded(detail):
            state.detail = .loaded(detail)
            state.pokemon = detail.pokemon
            return .none

        case let .detailFailed(message):
            state.detail = .failed(message)
            return .none

        case .closeTapped:
            return .run { _ in await dismiss() }

        case .favoriteTapped:
            return .none  // The parent sends the intent to the active list.

        case let .typeTapped(type):
            return .send(.delegate(.showType(type)))

        case .delegate:
            return .none
        }
    }

    private func load(_ state: inout State) -> Effect<Action> {
        state.detail = .loading
        let id = state.pokemon.id
        return .run { [pokemonClient] send in
            await send(.detailLoaded(try await pokemonClient.fetchDetail(id)))
        } catch: { error, send in
            await send(.detailFailed(userMessage(for: error)))
        }
        .cancellable(id: CancelID.detail, cancelInFlight: true)
    }
}
