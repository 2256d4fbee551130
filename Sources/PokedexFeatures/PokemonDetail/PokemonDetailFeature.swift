import Composable
import PokedexModels
import PokemonClient

/// One Pokémon: shows the list's row at once, loads the full detail, shows whether it is a
/// favorite (its star sends the root's `favoriteSet`), closes itself, and asks its parent to
/// drill into a type.
public struct PokemonDetailFeature: Reducer, LocalizedFetching, Sendable {
    public enum Action: Equatable, Sendable {
        case onAppear
        case retryTapped
        /// Boxed (`indirect`): the whole detail, once per screen, made every action of the
        /// detail (and of the presentation and stack holding it) as large, and each level
        /// that tests an action for its case copies it.
        indirect case detailLoaded(PokemonDetail)
        case detailFailed(String)
        case closeTapped
        case typeTapped(String)
        /// The session's language changed: the detail is fetched again in it.
        case localeChanged(AppLocale)
        case delegate(Delegate)

        public enum Delegate: Equatable, Sendable {
            case showType(String)
        }
    }

    enum CancelID { case detail }

    @Dependency(PokemonClient.self) var pokemonClient
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
            return retry(&state)

        case let .detailLoaded(detail):
            // The row first: `detail` is then used for the last time, and moved into the state
            // rather than copied (a retain of each of its references).
            state.pokemon = detail.pokemon
            state.detail = .loaded(detail)
            return .none

        case let .detailFailed(message):
            state.detail = .failed(message)
            return .none

        case .closeTapped:
            return .run { _ in await dismiss() }

        case let .typeTapped(type):
            return .send(.delegate(.showType(type)))

        case let .localeChanged(locale):
            return changeLocale(&state, to: locale)

        case .delegate:
            return .none
        }
    }

    static var value: WritableKeyPath<State, LoadState<PokemonDetail>> { \.detail }
    static var locale: WritableKeyPath<State, AppLocale> { \.locale }
    static let fetchID = EffectID(CancelID.detail)
    static func loaded(_ detail: PokemonDetail) -> Action { .detailLoaded(detail) }
    static func failed(_ message: String) -> Action { .detailFailed(message) }

    func valueInMemory(for state: State, locale: AppLocale) -> PokemonDetail? {
        pokemonClient.detailInMemory?(state.pokemon.id, locale)
    }

    func fetching(for state: State) -> @Sendable (AppLocale) async throws -> PokemonDetail {
        let client = pokemonClient, id = state.pokemon.id
        return { locale in try await client.fetchDetail(id, locale) }
    }
}
