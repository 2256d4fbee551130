import PokedexFeatures
import PokedexModels
import StateSync
import Synchronization

/// The client-visible JSON of a loaded detail (`{"detail": …}`, the presented destination),
/// shared by every session of the process, as rows are (`RowJSONCache`).
///
/// Browsing opens and closes details all the time: each session built the same detail's JSON
/// again, and freed it on closing. Shared, a detail is built once per Pokémon and language,
/// and the diff adds the one value.
final class DetailJSONCache: Sendable {
    /// Details kept; past this the cache starts over (details in use are rebuilt once).
    static let capacity = 4096
    /// By id and name: a detail named in each language is kept once per language.
    private struct Key: Hashable {
        var id: Int
        var name: String
    }

    private struct Input: Equatable {
        var pokemon: Pokemon
        var detail: PokemonDetail
    }

    private let details = Mutex<[Key: (input: Input, json: JSONValue)]>([:])

    /// The destination's JSON for `state`; built each time while its detail is not loaded
    /// (a state seldom seen: the catalog answers within the action).
    func json(for state: PokemonDetailFeature.State) -> JSONValue {
        guard case let .loaded(detail) = state.detail else { return Self.build(state) }
        let key = Key(id: state.pokemon.id, name: state.pokemon.name)
        let input = Input(pokemon: state.pokemon, detail: detail)
        return details.withLock { details in
            if let cached = details[key], cached.input == input { return cached.json }
            if details.count >= Self.capacity { details.removeAll(keepingCapacity: true) }
            let json = Self.build(state)
            details[key] = (input, json)
            return json
        }
    }

    private static func build(_ state: PokemonDetailFeature.State) -> JSONValue {
        ["detail": ClientState.detail(state)]
    }
}
