import PokedexFeatures
import PokedexModels
import StateSync

/// The client-visible JSON of a loaded detail (`{"detail": …}`, the presented destination),
/// shared by every session of the process, as rows are (`RowJSONCache`).
///
/// Browsing opens and closes details all the time: each session built the same detail's JSON
/// again, and freed it on closing. Shared, a detail is built once per Pokémon and language,
/// and the diff adds the one value.
final class DetailJSONCache: Sendable {
    private struct Input: Equatable, Sendable {
        var pokemon: Pokemon
        var detail: PokemonDetail
    }

    private let details: PokemonJSONCache<Input>

    /// `encodings` remembers each detail built, for the patches that carry it.
    init(encodings: EncodedJSONMemo? = nil) {
        details = PokemonJSONCache(capacity: 4096, encodings: encodings)
    }

    /// The destination's JSON for `state`; built each time while its detail is not loaded
    /// (a state seldom seen: the catalog answers within the action).
    func json(for state: PokemonDetailFeature.State) -> JSONValue {
        guard case let .loaded(detail) = state.detail else { return Self.build(state) }
        return details.json(
            id: state.pokemon.id, name: state.pokemon.name, matches: { $0.pokemon == state.pokemon && $0.detail == detail },
            make: { Input(pokemon: state.pokemon, detail: detail) }
        ) { _ in Self.build(state) }
    }

    private static func build(_ state: PokemonDetailFeature.State) -> JSONValue {
        ["detail": ClientState.detail(state)]
    }
}
