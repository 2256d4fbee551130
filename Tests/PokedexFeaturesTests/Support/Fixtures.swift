import Composable
import PokedexModels
import PokemonClient

/// A small made-up dex for the feature tests: 45 Pokémon, every fifth a grass type, named
/// `mon-N` in English and `mon-N-es` in Spanish.
enum Fixtures {
    static let dex: [Pokemon] = dex(.en)

    static func dex(_ locale: AppLocale) -> [Pokemon] {
        (1...45).map { id in
            Pokemon(id: id, name: locale == .es ? "mon-\(id)-es" : "mon-\(id)", types: id % 5 == 0 ? ["grass"] : ["normal"])
        }
    }

    static func detail(_ id: Int, _ locale: AppLocale = .en) -> PokemonDetail {
        let pokemon = dex(locale)[id - 1]
        return PokemonDetail(
            id: id, name: pokemon.name, types: pokemon.types, height: id, weight: id * 10,
            abilities: [.init(name: locale == .es ? "Fuga" : "Run Away", isHidden: false, slot: 1)],
            stats: ["hp", "attack", "defense", "special-attack", "special-defense", "speed"].map { .init(name: $0, base: id) },
            baseExperience: 50, genus: locale == .es ? "Pokémon Prueba" : "Test Pokémon"
        )
    }

    /// Pages of the fixture dex, filtered like the real catalogs.
    static func page(_ query: PokemonQuery, limit: Int, offset: Int) -> PokemonPage {
        let matching = dex(query.locale).filter { pokemon in
            (query.search.isEmpty || pokemon.name.contains(query.search.lowercased()))
                && (query.type.map { pokemon.types.contains($0) } ?? true)
        }
        return PokemonPage(pokemon: Array(matching.dropFirst(offset).prefix(limit)), totalCount: matching.count)
    }

    /// A client over the fixtures; `delay` makes every call sleep on `clock` first.
    static func client(clock: TestClockLike? = nil) -> PokemonClient {
        PokemonClient(
            fetchList: { query, limit, offset in
                try await clock?.pause()
                return page(query, limit: limit, offset: offset)
            },
            fetchDetail: { id, locale in
                try await clock?.pause()
                return detail(id, locale)
            },
            fetchType: { type, locale in
                try await clock?.pause()
                return dex(locale).filter { $0.types.contains(type) }
            },
            pokemonIDs: PokemonIDs([1...dex.count])
        )
    }
}

/// A request that takes one second on a test clock, so a test can act while it is in flight.
struct TestClockLike: Sendable {
    let clock: any Clock<Duration>
    func pause() async throws { try await clock.sleep(for: .seconds(1)) }
}
