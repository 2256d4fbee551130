import Foundation
import PokedexModels
import StateSync

/// How large an action's fields may be, and which Pokémon and types they may name: the checks
/// behind `FieldKind`, so an action past a limit is a `bad_action` error frame and the Store
/// never sees it (docs/PROTOCOL.md, "Limits").
public enum ActionLimits {
    /// Characters of the list's search text.
    public static let searchLength = 100
    /// Characters of a list, invite or member id (ids the server makes are 32).
    public static let idLength = 64
    /// Characters of a user's display name, trimmed.
    public static let nameLength = 1...40
    /// Characters of a list's name, trimmed.
    public static let listNameLength = 1...60

    /// A string field of at most `maxCharacters` characters.
    static func text(_ action: ActionPath, _ field: String, maxCharacters: Int) throws(ProtocolError) -> String {
        let text = try action.string(field)
        guard text.count <= maxCharacters else {
            throw ProtocolError(.badAction, "The \(field) is limited to \(maxCharacters) characters.")
        }
        return text
    }

    /// A string field whose trimmed length is in `characters`.
    static func name(_ action: ActionPath, _ field: String, characters: ClosedRange<Int>) throws(ProtocolError) -> String {
        let name = try action.string(field)
        guard characters.contains(name.trimmingCharacters(in: .whitespacesAndNewlines).count) else {
            throw ProtocolError(.badAction, "A \(field) has \(characters.lowerBound) to \(characters.upperBound) characters.")
        }
        return name
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

    static func type(_ type: String) throws(ProtocolError) {
        guard PokemonTypes.all.contains(type) else { throw ProtocolError(.badAction, "Unknown type '\(type)'.") }
    }
}
