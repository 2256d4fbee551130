import StateSync
import PokemonClient
import PokedexModels

/// What the Pokédex reads of PokeAPI's `/pokemon-species/{id}`: the display name and genus
/// in English and Spanish.
public struct SpeciesText: Equatable, Sendable {
    public var id: Int
    public var names: LocalizedText?
    public var genus: LocalizedText?

    public init(id: Int, names: LocalizedText?, genus: LocalizedText?) {
        self.id = id
        self.names = names
        self.genus = genus
    }
}

/// Reads `/pokemon-species/{id}`: `id`, `names: [{language: {name}, name}]` and
/// `genera: [{genus, language: {name}}]`; every other member is skipped.
enum SpeciesDocument {
    static func read(_ scanner: inout JSONScanner) throws -> SpeciesText {
        var id: Int?
        var names = PokeAPIText()
        var genera = PokeAPIText()
        try scanner.readObject { scanner, key in
            switch key {
            case "id": id = try scanner.readInt()
            case "names": names = try readLocalized(&scanner, field: "name")
            case "genera": genera = try readLocalized(&scanner, field: "genus")
            default: try scanner.skipValue()
            }
        }
        guard let id else { throw scanner.error("missing \"id\"") }
        return SpeciesText(id: id, names: names.localized, genus: genera.localized)
    }

    /// PokeAPI's language names of the languages the Pokédex speaks, as its language ids.
    private static let languageIDs = ["en": PokeAPIText.englishID, "es": PokeAPIText.spanishID]

    /// `[{language: {name}, <field>}]` → the English and Spanish texts.
    private static func readLocalized(_ scanner: inout JSONScanner, field: String) throws -> PokeAPIText {
        var texts = PokeAPIText()
        try scanner.readArray { scanner in
            var language: String?, text: String?
            try scanner.readObject { scanner, key in
                switch key {
                case "language": language = try DetailDocument.readName(&scanner)
                case field: text = try scanner.readString()
                default: try scanner.skipValue()
                }
            }
            if let language, let id = languageIDs[language], let text { texts.set(text, language: id) }
        }
        return texts
    }
}

extension PokeAPIDecoder {
    /// `/pokemon-species/{id}`: its names and genera in English and Spanish.
    public static func species(_ bytes: [UInt8]) throws -> SpeciesText {
        do {
            return try JSONScanner.scan(bytes) { try SpeciesDocument.read(&$0) }
        } catch let error as JSONParseError {
            throw PokemonClientError.malformed("Pokémon species JSON: \(error)")
        }
    }
}
