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
    /// Everything else, in one shared, immutable box (`More`), copied on write: a detail is
    /// copied whole on its way into a session's state (out of the client's cache, out of the
    /// action that carries it, into the loaded state), and each copy retained its abilities,
    /// stats and genus one by one (and released them after); now it is one retain.
    @usableFromInline var more: More

    /// Height in decimetres, as PokeAPI gives it.
    @inlinable public var height: Int {
        get { more.values.height }
        set { change { $0.height = newValue } }
    }
    /// Weight in hectograms, as PokeAPI gives it.
    @inlinable public var weight: Int {
        get { more.values.weight }
        set { change { $0.weight = newValue } }
    }
    /// Abilities in slot order; the hidden one is flagged.
    @inlinable public var abilities: [Ability] {
        get { more.values.abilities }
        set { change { $0.abilities = newValue } }
    }
    /// The six base stats in PokeAPI order: hp, attack, defense, special-attack,
    /// special-defense, speed.
    @inlinable public var stats: [Stat] {
        get { more.values.stats }
        set { change { $0.stats = newValue } }
    }
    /// `nil` where PokeAPI has none (some alternate forms).
    @inlinable public var baseExperience: Int? {
        get { more.values.baseExperience }
        set { change { $0.baseExperience = newValue } }
    }
    /// The genus in the session's language, e.g. "Seed Pokémon", when the source knows it.
    @inlinable public var genus: String? {
        get { more.values.genus }
        set { change { $0.genus = newValue } }
    }
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
        more = More(Values(
            height: height, weight: weight, abilities: abilities, stats: stats, baseExperience: baseExperience, genus: genus))
    }

    /// The values beside the row, never changed once boxed (a change boxes new ones).
    @usableFromInline
    final class More: Sendable {
        @usableFromInline let values: Values
        @usableFromInline init(_ values: Values) { self.values = values }
    }

    @usableFromInline
    struct Values: Hashable, Sendable {
        @usableFromInline var height: Int
        @usableFromInline var weight: Int
        @usableFromInline var abilities: [Ability]
        @usableFromInline var stats: [Stat]
        @usableFromInline var baseExperience: Int?
        @usableFromInline var genus: String?
    }

    @inlinable mutating func change(_ body: (inout Values) -> Void) {
        var values = more.values
        body(&values)
        more = More(values)
    }

    /// As synthesized for the ten values; details copied from one another share their box,
    /// which is then equal at once.
    @inlinable
    public static func == (lhs: PokemonDetail, rhs: PokemonDetail) -> Bool {
        lhs.row == rhs.row && (lhs.more === rhs.more || lhs.more.values == rhs.more.values)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(row)
        hasher.combine(more.values)
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
