import PokedexModels
import PokemonClient

extension PokemonClient {
    /// Answers every endpoint from the embedded first 151 Pokémon, offline.
    public static var embeddedCatalog: PokemonClient { catalog(.embedded) }

    /// Answers every endpoint from `catalog` (the embedded one or a CSV dump's).
    public static func catalog(_ catalog: Catalog) -> PokemonClient {
        @Sendable func detail(_ id: Int) throws -> PokemonDetail {
            guard let detail = catalog.detail(id: id) else { throw PokemonClientError.notFound("Pokémon #\(id)") }
            return detail
        }
        return PokemonClient(
            fetchList: { query, limit, offset in catalog.page(query, limit: limit, offset: offset) },
            fetchDetail: { id in try detail(id) },
            fetchType: { type in catalog.matching(PokemonQuery(type: type)).map(\.pokemon) },
            pokemonIDs: PokemonIDs(ids: catalog.entries.map(\.id))
        )
    }
}
