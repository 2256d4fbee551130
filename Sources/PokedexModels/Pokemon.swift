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
}
