import Foundation
import PokedexModels
import PokemonClient
import Storage

extension PokemonClient {
    /// PokeAPI v2 at `baseURL` (e.g. `https://pokeapi.co/api/v2`) over `http`, with decoded
    /// responses kept in `cache` for `ttl` seconds.
    ///
    /// - A plain page is PokeAPI's own page; searches and type filters run locally over the
    ///   cached name index or type members.
    /// - Rows get their types and sprite from details, and their names from species documents,
    ///   fetched concurrently or read from the cache.
    /// - A search runs over PokeAPI's identifiers (`mr-mime`), folded as `NameSearch` folds
    ///   names, and numbers.
    public static func live(
        baseURL: String = "https://pokeapi.co/api/v2", http: HTTPClient, cache: ResponseCache?,
        ttl: TimeInterval = 24 * 60 * 60, options: LiveOptions = LiveOptions()
    ) -> PokemonClient {
        let api = PokeAPIResources(
            baseURL: PokeAPIResources.normalized(baseURL),
            http: http, cache: cache, ttl: ttl, options: options
        )
        return PokemonClient(
            fetchList: { query, limit, offset in
                if query.isEmpty {
                    let page = try await api.indexPage(limit: limit, offset: offset)
                    return PokemonPage(pokemon: try await api.rows(page.entries, query.locale), totalCount: page.count)
                }
                let candidates = if let type = query.type { try await api.typeMembers(type) } else { try await api.nameIndex() }
                let search = NameSearch(query.search)
                let matches = search.isEmpty ? candidates : candidates.filter { search.matches(id: $0.id, names: [$0.name]) }
                let rows = try await api.rows(matches.page(limit: limit, offset: offset), query.locale)
                return PokemonPage(pokemon: rows, totalCount: matches.count)
            },
            fetchDetail: { id, locale in try await api.localizedDetail(id, locale) },
            fetchType: { type, locale in try await api.rows(try await api.typeMembers(type), locale) },
            pokemonIDs: options.pokemonIDs
        )
    }
}
