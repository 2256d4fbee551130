import Foundation
import PokeAPI
import PokedexModels
import PokemonClient
import Storage

/// Where Pokémon data and sprites come from, as the options choose: the embedded catalog
/// (default), a PokeAPI CSV dump, or live PokeAPI over libcurl cached in SQLite; sprites
/// fetched over libcurl into the sprite cache (every data source), or a local folder.
struct DataSources: Sendable {
    let pokemonClient: PokemonClient
    /// Row data by id, named in a language, without a request (catalogs know every row; live
    /// rows may be missing).
    let row: @Sendable (Int, AppLocale) -> Pokemon?
    let sprite: @Sendable (Int) async -> Sprite

    init(options: ServerOptions, database: Database) throws {
        let cache = ResponseCache(database: database)
        let http = try HTTPClient()
        let catalog: Catalog
        if let baseURL = options.pokeAPI {
            catalog = .embedded
            pokemonClient = PokemonClient.live(baseURL: baseURL, http: http, cache: cache).sharingRecentPages()
        } else {
            catalog = try options.catalogCSV.map { try Catalog.load(csvDirectory: $0) } ?? .embedded
            pokemonClient = PokemonClient.catalog(catalog).sharingRecentPages()
        }
        row = { catalog.row(id: $0, locale: $1) }
        let spriteURL: @Sendable (Int) -> String = options.spritesURL.map { base in
            let base = base.hasSuffix("/") ? String(base.dropLast()) : base
            return { "\(base)/\($0).png" }
        } ?? SpriteURL.pokeAPI
        // Placeholders are in the colour of the first type.
        let cached = SpriteCache(http: http, cache: cache, spriteURL: spriteURL, primaryType: { catalog.entry(id: $0)?.types.first })
        if let directory = options.spritesDirectory {
            let folder = SpriteFolder(path: directory, placeholder: { await cached.placeholder(id: $0) })
            sprite = { await folder.sprite(id: $0) }
        } else {
            sprite = { await cached.sprite(id: $0) }
        }
    }
}
