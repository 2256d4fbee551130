import Foundation
import PokeAPI
import PokedexModels
import PokemonClient
import Storage

/// Where Pokémon data and sprites come from, as the options choose: the embedded catalog
/// (default), a PokeAPI CSV dump, or live PokeAPI over libcurl cached in SQLite.
struct DataSources: Sendable {
    let pokemonClient: PokemonClient
    /// Row data by id without a request (catalogs know every row; live rows may be missing).
    let row: @Sendable (Int, AppLocale) -> Pokemon?
    let sprites: SpriteCache

    init(options: ServerOptions, database: Database) throws {
        let cache = ResponseCache(database: database)
        if let baseURL = options.pokeAPI {
            let http = try HTTPClient()
            pokemonClient = .live(baseURL: baseURL, http: http, cache: cache)
            row = { Catalog.embedded.row(id: $0, locale: $1) }
            sprites = SpriteCache(http: http, cache: cache)
            return
        }
        let catalog = try options.catalogCSV.map { try Catalog.load(csvDirectory: $0) } ?? .embedded
        pokemonClient = .catalog(catalog)
        row = { catalog.row(id: $0, locale: $1) }
        // Offline: sprites are generated placeholders in the colour of the first type.
        sprites = SpriteCache(http: nil, cache: cache, primaryType: { catalog.detail(id: $0)?.types.first })
    }
}
