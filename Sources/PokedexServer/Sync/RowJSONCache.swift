import PokedexModels
import StateSync

/// The client-visible JSON of list rows, shared by every session of the process.
///
/// A row is the same for every session that shows it, and a list change (a page more, a search)
/// used to rebuild every row on screen: under the browse scenario, building and then freeing
/// those rows was a sixth of the server's cooperative threads. Sharing one value per row also
/// lets the diff skip unchanged rows by storage identity instead of comparing their fields.
final class RowJSONCache: Sendable {
    private let rows: PokemonJSONCache<Pokemon>

    /// `encodings` remembers each row built, for the patches that carry it.
    init(encodings: EncodedJSONMemo? = nil) {
        rows = PokemonJSONCache(capacity: 8192, encodings: encodings)
    }

    /// The JSON of each row, in order (one lock for the whole list).
    func json(for pokemon: ArraySlice<Pokemon>) -> [JSONValue] {
        rows.json(for: pokemon, pokemon: { ($0.id, $0.name) }, build: ClientState.row)
    }
}
