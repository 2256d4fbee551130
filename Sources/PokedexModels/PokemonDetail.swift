/// Everything the detail screen shows beyond the list row.
public struct PokemonDetail: Equatable, Hashable, Sendable, Codable {
    /// Its id, name, types and sprite, held as its row: the detail screen's row is this
    /// (`pokemon`), read on every detail loaded, and made anew it was a row's box allocated
    /// (and each of its parts retained) each time.
    @usableFromInline var row: Pokemon

    @inlinable public var id: Int {
        get { row.id }
        set { row.id = newValue }
    }
    @inlinable public var name: String {
        get { row.name }
        set { row.name = newValue }
    }
    /// Type identifiers in slot order.
    @inlinable public var types: [String] {
        get { row.types }
        set { row.types = newValue }
    }
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
    @inlinable public var spriteURL: String? {
        get { row.spriteURL }
        set { row.spriteURL = newValue }
    }

    public init(
        id: Int, name: String, types: [String], height: Int, weight: Int,
        abilities: [Ability], stats: [Stat], baseExperience: Int?, genus: String? = nil,
        spriteURL: String? = nil
    ) {
        row = Pokemon(id: id, name: name, types: types, spriteURL: spriteURL)
        self.height = height
        self.weight = weight
        self.abilities = abilities
        self.stats = stats
        self.baseExperience = baseExperience
        self.genus = genus
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
    @inlinable public var pokemon: Pokemon { row }
}

extension PokemonDetail {
    /// The plain struct a detail was, coded as synthesized (stored details and caches hold it).
    private struct Coded: Codable {
        let id: Int
        let name: String
        let types: [String]
        let height: Int
        let weight: Int
        let abilities: [Ability]
        let stats: [Stat]
        let baseExperience: Int?
        let genus: String?
        let spriteURL: String?
    }

    public init(from decoder: any Decoder) throws {
        let coded = try Coded(from: decoder)
        self.init(
            id: coded.id, name: coded.name, types: coded.types, height: coded.height, weight: coded.weight,
            abilities: coded.abilities, stats: coded.stats, baseExperience: coded.baseExperience, genus: coded.genus,
            spriteURL: coded.spriteURL)
    }

    public func encode(to encoder: any Encoder) throws {
        try Coded(
            id: id, name: name, types: types, height: height, weight: weight, abilities: abilities, stats: stats,
            baseExperience: baseExperience, genus: genus, spriteURL: spriteURL
        ).encode(to: encoder)
    }
}

/// Reflected as its ten values, as the plain struct it was (see `Pokemon`'s mirror).
extension PokemonDetail: CustomReflectable {
    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "id": id, "name": name, "types": types, "height": height, "weight": weight, "abilities": abilities,
                "stats": stats, "baseExperience": baseExperience as Any, "genus": genus as Any, "spriteURL": spriteURL as Any,
            ],
            displayStyle: .struct)
    }
}
