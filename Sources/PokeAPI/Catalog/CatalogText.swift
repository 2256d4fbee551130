import PokedexModels

/// What a catalog says in each language: Pokémon names and genera by id, ability and type
/// names by identifier. Where the data lacks a language, that text is the English one.
public struct CatalogText: Equatable, Sendable {
    public var names: [Int: LocalizedText]
    public var genera: [Int: LocalizedText]
    public var abilities: [String: LocalizedText]
    public var types: [String: LocalizedText]

    public init(
        names: [Int: LocalizedText] = [:], genera: [Int: LocalizedText] = [:],
        abilities: [String: LocalizedText] = [:], types: [String: LocalizedText] = [:]
    ) {
        self.names = names
        self.genera = genera
        self.abilities = abilities
        self.types = types
    }

    /// `detail` (as a source states it: identifiers for its name and abilities) with its name,
    /// genus and abilities in `locale`. A name the text lacks stays the identifier.
    public func localized(_ detail: PokemonDetail, _ locale: AppLocale) -> PokemonDetail {
        var localized = detail
        localized.name = names[detail.id]?[locale] ?? detail.name
        localized.genus = genera[detail.id]?[locale] ?? detail.genus
        localized.abilities = detail.abilities.map { ability in
            var ability = ability
            ability.name = abilities[ability.name]?[locale] ?? ability.name
            return ability
        }
        return localized
    }

    /// The row of `detail` named in `locale`.
    public func row(_ detail: PokemonDetail, _ locale: AppLocale) -> Pokemon {
        Pokemon(id: detail.id, name: names[detail.id]?[locale] ?? detail.name, types: detail.types, spriteURL: detail.spriteURL)
    }

    /// Every name `id` is known by (in each language, and its identifier), for search.
    func searchNames(_ detail: PokemonDetail) -> [String] {
        guard let names = names[detail.id] else { return [detail.name] }
        return names.en == names.es ? [names.en, detail.name] : [names.en, names.es, detail.name]
    }

    /// This text with `other`'s entries where this one has none.
    func merging(_ other: CatalogText) -> CatalogText {
        CatalogText(
            names: names.merging(other.names) { mine, _ in mine },
            genera: genera.merging(other.genera) { mine, _ in mine },
            abilities: abilities.merging(other.abilities) { mine, _ in mine },
            types: types.merging(other.types) { mine, _ in mine }
        )
    }
}

/// A text as PokeAPI's tables and documents give it, one language at a time.
struct PokeAPIText {
    var english: String?
    var spanish: String?

    /// PokeAPI's language ids of the languages the Pokédex speaks.
    static let englishID = 9, spanishID = 7

    /// Keeps `text` when `language` is English or Spanish.
    mutating func set(_ text: String, language: Int) {
        if language == Self.englishID { english = text } else if language == Self.spanishID { spanish = text }
    }

    /// Missing or empty Spanish is the English text; `nil` without English.
    var localized: LocalizedText? {
        guard let english, !english.isEmpty else { return nil }
        let spanish = self.spanish.flatMap { $0.isEmpty ? nil : $0 } ?? english
        return LocalizedText(en: english, es: spanish)
    }
}
