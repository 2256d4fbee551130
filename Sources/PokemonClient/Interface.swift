import Composable
import PokedexModels

/// Where Pokémon data comes from. A struct of closures, so a test replaces one endpoint.
/// Implementations: the embedded catalog, a PokeAPI CSV dump, and live PokeAPI over libcurl
/// (all in the `PokeAPI` target).
public struct PokemonClient: Sendable {
    /// One page of the list matching `query`, and the total count of matching rows.
    public var fetchList: @Sendable (_ query: PokemonQuery, _ limit: Int, _ offset: Int) async throws -> PokemonPage
    /// The full detail of one Pokémon, its names and genus in `locale`.
    public var fetchDetail: @Sendable (_ id: Int, _ locale: AppLocale) async throws -> PokemonDetail
    /// The page `fetchList` would give, when this source holds it in memory (a catalog): then
    /// the list shows it without starting a task. Nil, or nil for a query: fetch it.
    public var pageInMemory: (@Sendable (_ query: PokemonQuery, _ limit: Int, _ offset: Int) -> PokemonPage?)?
    /// The detail `fetchDetail` would give, when this source holds it in memory (a catalog):
    /// then a screen shows it without starting a task. Nil, or nil for an id: fetch it.
    public var detailInMemory: (@Sendable (_ id: Int, _ locale: AppLocale) -> PokemonDetail?)?
    /// Every Pokémon of a type, in dex order (the type drill-down screen), named in `locale`.
    public var fetchType: @Sendable (_ type: String, _ locale: AppLocale) async throws -> [Pokemon]
    /// The ids this source has a Pokémon for, known without a request: routes, stars and
    /// favorites rows naming another id are refused before anything changes.
    public var pokemonIDs: PokemonIDs

    public init(
        fetchList: @escaping @Sendable (PokemonQuery, Int, Int) async throws -> PokemonPage,
        fetchDetail: @escaping @Sendable (Int, AppLocale) async throws -> PokemonDetail,
        fetchType: @escaping @Sendable (String, AppLocale) async throws -> [Pokemon],
        pokemonIDs: PokemonIDs = .anyPositive,
        pageInMemory: (@Sendable (PokemonQuery, Int, Int) -> PokemonPage?)? = nil,
        detailInMemory: (@Sendable (Int, AppLocale) -> PokemonDetail?)? = nil
    ) {
        self.fetchList = fetchList
        self.fetchDetail = fetchDetail
        self.pageInMemory = pageInMemory
        self.detailInMemory = detailInMemory
        self.fetchType = fetchType
        self.pokemonIDs = pokemonIDs
    }
}

/// Errors every implementation speaks, with messages fit to show a user.
public enum PokemonClientError: Error, Equatable, Sendable, CustomStringConvertible, LocalizedMessage {
    case notFound(String)
    case timedOut
    case network(String)
    case server(status: Int)
    case malformed(String)

    public var description: String { message(in: .en) }

    /// The message in `locale`, for the screen that failed.
    public func message(in locale: AppLocale) -> String {
        switch (self, locale) {
        case let (.notFound(what), .en): "Not found: \(what)."
        case let (.notFound(what), .es): "No encontrado: \(what)."
        case (.timedOut, .en): "The Pokédex service did not answer in time."
        case (.timedOut, .es): "El servicio de la Pokédex no respondió a tiempo."
        case let (.network(message), .en): "Network error: \(message)."
        case let (.network(message), .es): "Error de red: \(message)."
        case let (.server(status), .en): "The Pokédex service failed (HTTP \(status))."
        case let (.server(status), .es): "El servicio de la Pokédex falló (HTTP \(status))."
        case let (.malformed(message), .en): "The Pokédex service sent data we could not read: \(message)."
        case let (.malformed(message), .es): "El servicio de la Pokédex envió datos ilegibles: \(message)."
        }
    }
}

extension DependencyValues {
    public var pokemonClient: PokemonClient {
        get { self[PokemonClient.self] }
        set { self[PokemonClient.self] = newValue }
    }
}
