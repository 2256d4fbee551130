/// A Pokémon as the list shows it: what one row needs.
public struct Pokemon: Equatable, Hashable, Sendable, Identifiable, Codable {
    public var id: Int
    /// PokeAPI identifier, e.g. `bulbasaur`.
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
