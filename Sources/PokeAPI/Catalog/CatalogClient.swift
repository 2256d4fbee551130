import PokedexModels
import PokemonClient

extension PokemonClient {
    /// Answers every endpoint from the embedded first 151 Pokémon, offline.
    public static var embeddedCatalog: PokemonClient { catalog(.embedded) }

    /// Answers every endpoint from `catalog` (the embedded one or a CSV dump's).
    public static func catalog(_ catalog: Catalog) -> PokemonClient {
        PokemonClient(
            fetchList: { query, limit, offset in catalog.page(query, limit: limit, offset: offset) },
            fetchDetail: { id, locale in
                guard let detail = catalog.detail(id: id, locale: locale) else {
                    throw PokemonClientError.notFound(locale == .es ? "Pokémon n.º \(id)" : "Pokémon #\(id)")
                }
                return detail
            },
            fetchType: { type, locale in catalog.matching(PokemonQuery(type: type, locale: locale)) },
            pokemonIDs: PokemonIDs(ids: catalog.entries.map(\.id)),
            pageInMemory: { query, limit, offset in catalog.page(query, limit: limit, offset: offset) },
            detailInMemory: { id, locale in catalog.detail(id: id, locale: locale) }
        )
    }
}
