import PokedexModels
import StateSync

/// How large an action's fields may be, and which Pokémon they may name. Each is checked by
/// `ActionDecoder`, so an action past a limit is a `bad_action` error frame and the Store never
/// sees it (docs/PROTOCOL.md, "Limits").
enum ActionLimits {
    /// Characters of the list's search text.
    static let searchLength = 100
    /// Characters of a list, invite or member id (ids the server makes are 32).
    static let idLength = 64

    static func search(_ text: String) throws(ProtocolError) -> String {
        guard text.count <= searchLength else {
            throw ProtocolError(.badAction, "The search is limited to \(searchLength) characters.")
        }
        return text
    }

    /// An id field of `action`, refused past `idLength` before any lookup or query uses it.
    static func id(_ action: ActionPath, _ field: String) throws(ProtocolError) -> String {
        let id = try action.string(field)
        guard id.utf8.count <= idLength else {
            throw ProtocolError(.badAction, "Action '\(action.name)': '\(field)' is at most \(idLength) characters.")
        }
        return id
    }

    /// A Pokémon id field of `action`, refused unless the data source has that Pokémon: a
    /// star for a Pokémon that does not exist would be stored and sent to every member.
    static func pokemonID(_ action: ActionPath, _ field: String, in known: PokemonIDs) throws(ProtocolError) -> Int {
        let id = try action.int(field)
        guard known.contains(id) else {
            throw ProtocolError(.badAction, "Action '\(action.name)': there is no Pokémon #\(id) (ids are \(known)).")
        }
        return id
    }
}
