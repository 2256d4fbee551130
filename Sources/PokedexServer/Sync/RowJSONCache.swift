import PokedexModels
import StateSync
import Synchronization

/// The client-visible JSON of list rows, shared by every session of the process.
///
/// A row is the same for every session that shows it, and a list change (a page more, a search)
/// used to rebuild every row on screen: under the browse scenario, building and then freeing
/// those rows was a sixth of the server's cooperative threads. Sharing one value per row also
/// lets the diff skip unchanged rows by storage identity instead of comparing their fields.
final class RowJSONCache: Sendable {
    /// Rows kept; past this the cache starts over (rows in use are rebuilt once).
    static let capacity = 8192
    /// By id and name: a row named in each language is kept once per language.
    private struct Key: Hashable {
        var id: Int
        var name: String
    }

    private let rows = Mutex<[Key: (pokemon: Pokemon, json: JSONValue)]>([:])

    /// The JSON of each row, in order (one lock for the whole list).
    func json(for pokemon: some Sequence<Pokemon>) -> [JSONValue] {
        rows.withLock { rows in
            pokemon.map { pokemon in
                let key = Key(id: pokemon.id, name: pokemon.name)
                if let cached = rows[key], cached.pokemon == pokemon { return cached.json }
                if rows.count >= Self.capacity { rows.removeAll(keepingCapacity: true) }
                let json = ClientState.row(pokemon)
                rows[key] = (pokemon, json)
                return json
            }
        }
    }
}
