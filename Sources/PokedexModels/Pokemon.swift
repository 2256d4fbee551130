/// A Pokémon as the list shows it: what one row needs.
public struct Pokemon: Equatable, Hashable, Sendable, Identifiable, Codable {
    public var id: Int
    /// The display name in the session's language, e.g. `Mr. Mime` or `Nidoran♀`, from the data
    /// (never derived from an identifier).
    public var name: String
    /// Type identifiers in slot order, e.g. `["grass", "poison"]`.
    public var types: [String]
    /// Where the sprite comes from upstream (PokeAPI's `sprites.front_default`); the server
    /// serves it to browsers as `/sprites/{id}.png` through its image cache.
    public var spriteURL: String?

    public init(id: Int, name: String, types: [String], spriteURL: String? = nil) {
        self.id = id
        self.name = name
        self.types = types
        self.spriteURL = spriteURL
    }

    /// The synthesized `==`, inlinable: lists compare their rows with other sessions' (the
    /// shared list JSON is found by an equal list state), and the call per row copied fields.
    @inlinable
    public static func == (lhs: Pokemon, rhs: Pokemon) -> Bool {
        lhs.id == rhs.id && lhs.name == rhs.name && lhs.types == rhs.types && lhs.spriteURL == rhs.spriteURL
    }
}
