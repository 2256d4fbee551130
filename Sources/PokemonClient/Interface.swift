import Composable
import PokedexModels

/// Where Pokémon data comes from. A struct of closures, so a test replaces one endpoint.
/// Implementations: the embedded catalog, a PokeAPI CSV dump, and live PokeAPI over libcurl
/// (all in the `PokeAPI` target).
///
/// The endpoints are held in one immutable box (`Endpoints`), copied on write: a reducer reads
/// the client from its dependencies on nearly every action, and each read copied six closures
/// and the ids (seven retains and seven releases of objects every session shares) to call one.
public struct PokemonClient: Sendable {
    @usableFromInline var endpoints: Endpoints

    /// One page of the list matching `query`, and the total count of matching rows.
    @inlinable public var fetchList: @Sendable (_ query: PokemonQuery, _ limit: Int, _ offset: Int) async throws -> PokemonPage {
        get { endpoints.values.fetchList }
        set { change { $0.fetchList = newValue } }
    }
    /// The full detail of one Pokémon, its names and genus in `locale`.
    @inlinable public var fetchDetail: @Sendable (_ id: Int, _ locale: AppLocale) async throws -> PokemonDetail {
        get { endpoints.values.fetchDetail }
        set { change { $0.fetchDetail = newValue } }
    }
    /// The page `fetchList` would give, when this source holds it in memory (a catalog): then
    /// the list shows it without starting a task. Nil, or nil for a query: fetch it.
    @inlinable public var pageInMemory: (@Sendable (_ query: PokemonQuery, _ limit: Int, _ offset: Int) -> PokemonPage?)? {
        get { endpoints.values.pageInMemory }
        set { change { $0.pageInMemory = newValue } }
    }
    /// The detail `fetchDetail` would give, when this source holds it in memory (a catalog):
    /// then a screen shows it without starting a task. Nil, or nil for an id: fetch it.
    @inlinable public var detailInMemory: (@Sendable (_ id: Int, _ locale: AppLocale) -> PokemonDetail?)? {
        get { endpoints.values.detailInMemory }
        set { change { $0.detailInMemory = newValue } }
    }
    /// Every Pokémon of a type, in dex order (the type drill-down screen), named in `locale`.
    @inlinable public var fetchType: @Sendable (_ type: String, _ locale: AppLocale) async throws -> [Pokemon] {
        get { endpoints.values.fetchType }
        set { change { $0.fetchType = newValue } }
    }
    /// The ids this source has a Pokémon for, known without a request: routes, stars and
    /// favorites rows naming another id are refused before anything changes.
    @inlinable public var pokemonIDs: PokemonIDs {
        get { endpoints.values.pokemonIDs }
        set { change { $0.pokemonIDs = newValue } }
    }

    public init(
        fetchList: @escaping @Sendable (PokemonQuery, Int, Int) async throws -> PokemonPage,
        fetchDetail: @escaping @Sendable (Int, AppLocale) async throws -> PokemonDetail,
        fetchType: @escaping @Sendable (String, AppLocale) async throws -> [Pokemon],
        pokemonIDs: PokemonIDs = .anyPositive,
        pageInMemory: (@Sendable (PokemonQuery, Int, Int) -> PokemonPage?)? = nil,
        detailInMemory: (@Sendable (Int, AppLocale) -> PokemonDetail?)? = nil
    ) {
        endpoints = Endpoints(Values(
            fetchList: fetchList, fetchDetail: fetchDetail, pageInMemory: pageInMemory,
            detailInMemory: detailInMemory, fetchType: fetchType, pokemonIDs: pokemonIDs))
    }

    /// A new box with one endpoint changed: a box is never changed once made.
    @usableFromInline mutating func change(_ body: (inout Values) -> Void) {
        var values = endpoints.values
        body(&values)
        endpoints = Endpoints(values)
    }

    @usableFromInline
    struct Values: Sendable {
        @usableFromInline var fetchList: @Sendable (PokemonQuery, Int, Int) async throws -> PokemonPage
        @usableFromInline var fetchDetail: @Sendable (Int, AppLocale) async throws -> PokemonDetail
        @usableFromInline var pageInMemory: (@Sendable (PokemonQuery, Int, Int) -> PokemonPage?)?
        @usableFromInline var detailInMemory: (@Sendable (Int, AppLocale) -> PokemonDetail?)?
        @usableFromInline var fetchType: @Sendable (String, AppLocale) async throws -> [Pokemon]
        @usableFromInline var pokemonIDs: PokemonIDs
    }

    @usableFromInline
    final class Endpoints: Sendable {
        @usableFromInline let values: Values

        init(_ values: Values) { self.values = values }
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
