import Composable
import PokedexModels
import PokemonClient

/// Every Pokémon of one type, reached by drilling down from a detail.
public struct PokemonTypeFeature: Reducer, Sendable {
    public struct State: Equatable, Sendable {
        public var type: String
        public var members: LoadState<[Pokemon]> = .idle

        public init(type: String) {
            self.type = type
        }
    }

    public enum Action: Equatable, Sendable {
        case onAppear
        case retryTapped
        case membersLoaded([Pokemon])
        case membersFailed(String)
        case rowTapped(Pokemon)
        case delegate(Delegate)

        public enum Delegate: Equatable, Sendable {
            case showPokemon(Pokemon)
        }
    }

    @Dependency(\.pokemonClient) var pokemonClient

    public init() {}

    public func reduce(into state: inout State, action: Action) -> Effect<Action> {
        switch action {
        case .onAppear:
            guard case .idle = state.members else { return .none }
            return load(&state)
        case .retryTapped:
            guard case .failed = state.members else { return .none }
            return load(&state)
        case let .membersLoaded(members):
            state.members = .loaded(members)
            return .none
        case let .membersFailed(message):
            state.members = .failed(message)
            return .none
        case let .rowTapped(pokemon):
            return .send(.delegate(.showPokemon(pokemon)))
        case .delegate:
            return .none
        }
    }

    private func load(_ state: inout State) -> Effect<Action> {
        state.members = .loading
        let type = state.type
        return .run { [pokemonClient] send in
            await send(.membersLoaded(try await pokemonClient.fetchType(type)))
        } catch: { error, send in
            await send(.membersFailed(userMessage(for: error)))
        }
    }
}
