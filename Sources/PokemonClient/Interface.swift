import Composable
import PokedexModels

/// Where Pokémon data comes from. A struct of closures, so a test replaces one endpoint.
/// Implementations: the embedded catalog, a PokeAPI CSV dump, and live PokeAPI over libcurl
/// (all in the `PokeAPI` target).
public struct PokemonClient: Sendable {
    /// One page of the list matching `query`, and the total count of matching rows.
    public var fetchList: @Sendable (_ query: PokemonQuery, _ limit: Int, _ offset: Int) async throws -> PokemonPage
    /// The full detail of one Pokémon.
    public var fetchDetail: @Sendable (_ id: Int) async throws -> PokemonDetail
    /// Every Pokémon of a type, in dex order (the type drill-down screen).
    public var fetchType: @Sendable (_ type: String) async throws -> [Pokemon]
    /// The ids this source has a Pokémon for, known without a request: routes, stars and
    /// favorites rows naming another id are refused before anything changes.
    public var pokemonIDs: PokemonIDs

    public init(
        fetchList: @escaping @Sendable (PokemonQuery, Int, Int) async throws -> PokemonPage,
        fetchDetail: @escaping @Sendable (Int) async throws -> PokemonDetail,
        fetchType: @escaping @Sendable (String) async throws -> [Pokemon],
        pokemonIDs: PokemonIDs = .anyPositive
    ) {
        self.fetchList = fetchList
        self.fetchDetail = fetchDetail
        self.fetchType = fetchType
        self.pokemonIDs = pokemonIDs
    }
}

/// Errors every implementation speaks, with messages fit to show a user.
public enum PokemonClientError: Error, Equatable, Sendable, CustomStringConvertible {
    case notFound(String)
    case timedOut
    case network(String)
    case server(status: Int)
    case malformed(String)

    public var description: String {
        switch self {
        case let .notFound(what): "Not found: \(what)."
        case .timedOut: "The Pokédex service did not answer in time."
        case let .network(message): "Network error: \(message)."
        case let .server(status): "The Pokédex service failed (HTTP \(status))."
        case let .malformed(message): "The Pokédex service sent data we could not read: \(message)."
        }
    }
}

extension DependencyValues {
    public var pokemonClient: PokemonClient {
        get { self[PokemonClient.self] }
        set { self[PokemonClient.self] = newValue }
    }
}
