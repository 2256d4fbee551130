import Composable
import PokedexModels
import PokemonClient

/// Every Pokémon of one type, reached by drilling down from a detail.
public struct PokemonTypeFeature: Reducer, Sendable {
    public struct State: Equatable, Sendable {
        public var type: String
        public var members: LoadState<[Pokemon]> = .idle
        /// The language the members are named in.
        public var locale: AppLocale

        public init(type: String, locale: AppLocale = .en) {
            self.type = type
            self.locale = locale
        }
    }

    public enum Action: Equatable, Sendable {
        case onAppear
        case retryTapped
        case membersLoaded([Pokemon])
        case membersFailed(String)
        case rowTapped(Pokemon)
        /// The session's language changed: the members are fetched again, named in it.
        case localeChanged(AppLocale)
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
        case let .localeChanged(locale):
            guard locale != state.locale else { return .none }
            state.locale = locale
            return state.members.relocalize(refetching: fetch(state))
        case .delegate:
            return .none
        }
    }

    private func load(_ state: inout State) -> Effect<Action> {
        state.members = .loading
        return fetch(state)
    }

    private func fetch(_ state: State) -> Effect<Action> {
        let type = state.type
        let locale = state.locale
        return .run { [pokemonClient] send in
            await send(.membersLoaded(try await pokemonClient.fetchType(type, locale)))
        } catch: { error, send in
            await send(.membersFailed(userMessage(for: error, in: locale)))
        }
        .cancellable(id: CancelID.members, cancelInFlight: true)
    }

    enum CancelID { case members }
}
