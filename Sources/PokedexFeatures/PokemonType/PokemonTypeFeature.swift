import Composable
import PokedexModels
import PokemonClient

/// Every Pokémon of one type, reached by drilling down from a detail.
public struct PokemonTypeFeature: Reducer, LocalizedFetching, Sendable {
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

    @Dependency(PokemonClient.self) var pokemonClient

    public init() {}

    public func reduce(into state: inout State, action: Action) -> Effect<Action> {
        switch action {
        case .onAppear:
            guard case .idle = state.members else { return .none }
            return load(&state)
        case .retryTapped:
            return retry(&state)
        case let .membersLoaded(members):
            state.members = .loaded(members)
            return .none
        case let .membersFailed(message):
            state.members = .failed(message)
            return .none
        case let .rowTapped(pokemon):
            return .send(.delegate(.showPokemon(pokemon)))
        case let .localeChanged(locale):
            return changeLocale(&state, to: locale)
        case .delegate:
            return .none
        }
    }

    static var value: WritableKeyPath<State, LoadState<[Pokemon]>> { \.members }
    static var locale: WritableKeyPath<State, AppLocale> { \.locale }
    static let fetchID = EffectID(CancelID.members)
    static func loaded(_ members: [Pokemon]) -> Action { .membersLoaded(members) }
    static func failed(_ message: String) -> Action { .membersFailed(message) }

    func fetching(for state: State) -> @Sendable (AppLocale) async throws -> [Pokemon] {
        { [pokemonClient, type = state.type] locale in try await pokemonClient.fetchType(type, locale) }
    }

    enum CancelID { case members }
}
