/// Everything the detail screen shows beyond the list row.
public struct PokemonDetail: Equatable, Hashable, Sendable, Codable {
    public var id: Int
    public var name: String
    /// Type identifiers in slot order.
    public var types: [String]
    /// Height in decimetres, as PokeAPI gives it.
    public var height: Int
    /// Weight in hectograms, as PokeAPI gives it.
    public var weight: Int
    /// Abilities in slot order; the hidden one is flagged.
    public var abilities: [Ability]
    /// The six base stats in PokeAPI order: hp, attack, defense, special-attack,
    /// special-defense, speed.
    public var stats: [Stat]
    /// `nil` where PokeAPI has none (some alternate forms).
    public var baseExperience: Int?
    /// The genus in the session's language, e.g. "Seed Pokémon", when the source knows it.
    public var genus: String?
    public var spriteURL: String?

    public init(
        id: Int, name: String, types: [String], height: Int, weight: Int,
        abilities: [Ability], stats: [Stat], baseExperience: Int?, genus: String? = nil,
        spriteURL: String? = nil
    ) {
        self.id = id
        self.name = name
        self.types = types
        self.height = height
        self.weight = weight
        self.abilities = abilities
        self.stats = stats
        self.baseExperience = baseExperience
        self.genus = genus
        self.spriteURL = spriteURL
    }

    public struct Ability: Equatable, Hashable, Sendable, Codable {
        /// The PokeAPI identifier (`chlorophyll`) as a source stores it; the display name in the
        /// session's language once localized (`Clorofila`).
        public var name: String
        public var isHidden: Bool
        public var slot: Int
        public init(name: String, isHidden: Bool, slot: Int) {
            self.name = name
            self.isHidden = isHidden
            self.slot = slot
        }
    }

    public struct Stat: Equatable, Hashable, Sendable, Codable {
        /// PokeAPI stat identifier, e.g. `special-attack`.
        public var name: String
        public var base: Int
        public init(name: String, base: Int) {
            self.name = name
            self.base = base
        }
    }

    /// The row this detail belongs to.
    public var pokemon: Pokemon {
        Pokemon(id: id, name: name, types: types, spriteURL: spriteURL)
    }
}
