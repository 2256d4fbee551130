import Foundation
import PokedexModels

extension Catalog {
    /// The National Dex (the default forms, ids below 10000) from a PokeAPI CSV dump folder
    /// (`data/v2/csv`), joined as PokeAPI does: types and abilities in slot order, the base
    /// stats in stat-id order, PokeAPI's sprite URL; names and genera in English and Spanish
    /// (`pokemon_species_names.csv`), ability and type names (`ability_names.csv`,
    /// `type_names.csv`, optional).
    public static func load(csvDirectory directory: String) throws -> Catalog {
        func reader(_ name: String) throws -> CSVReader { try CSVReader(path: directory + "/" + name) }

        let typeNames = try identifiers(reader("types.csv"))
        let statNames = try identifiers(reader("stats.csv"))
        let abilityNames = try identifiers(reader("abilities.csv"))

        var types: [Int: [(slot: Int, name: String)]] = [:]
        try reader("pokemon_types.csv").forEachRow(columns: ["pokemon_id", "type_id", "slot"]) { row, column in
            let name = try row.lookup(typeNames, column[1], what: "type")
            types[try row.int(column[0]), default: []].append((try row.int(column[2]), name))
        }

        var stats: [Int: [(statID: Int, stat: PokemonDetail.Stat)]] = [:]
        try reader("pokemon_stats.csv").forEachRow(columns: ["pokemon_id", "stat_id", "base_stat"]) { row, column in
            let statID = try row.int(column[1])
            let stat = PokemonDetail.Stat(name: try row.lookup(statNames, column[1], what: "stat"), base: try row.int(column[2]))
            stats[try row.int(column[0]), default: []].append((statID, stat))
        }

        var abilities: [Int: [PokemonDetail.Ability]] = [:]
        try reader("pokemon_abilities.csv").forEachRow(columns: ["pokemon_id", "ability_id", "is_hidden", "slot"]) { row, column in
            let ability = PokemonDetail.Ability(
                name: try row.lookup(abilityNames, column[1], what: "ability"),
                isHidden: try row.int(column[2]) == 1, slot: try row.int(column[3])
            )
            abilities[try row.int(column[0]), default: []].append(ability)
        }

        var speciesNames: [Int: PokeAPIText] = [:]
        var speciesGenera: [Int: PokeAPIText] = [:]
        let columns = ["pokemon_species_id", "local_language_id", "name", "genus"]
        try reader("pokemon_species_names.csv").forEachRow(columns: columns) { row, column in
            let language = try row.int(column[1])
            guard language == PokeAPIText.englishID || language == PokeAPIText.spanishID else { return }
            let species = try row.int(column[0])
            speciesNames[species, default: PokeAPIText()].set(row.string(column[2]), language: language)
            speciesGenera[species, default: PokeAPIText()].set(row.string(column[3]), language: language)
        }

        var details: [PokemonDetail] = []
        var text = CatalogText(
            abilities: try localizedNames(directory, "ability_names.csv", "ability_id", identifiers: abilityNames),
            types: try localizedNames(directory, "type_names.csv", "type_id", identifiers: typeNames)
        )
        let pokemonColumns = ["id", "identifier", "species_id", "height", "weight", "base_experience", "is_default"]
        try reader("pokemon.csv").forEachRow(columns: pokemonColumns) { row, column in
            let id = try row.int(column[0])
            guard id < 10000, try row.int(column[6]) == 1 else { return }
            let species = try row.int(column[2])
            text.names[id] = speciesNames[species]?.localized
            let genus = speciesGenera[species]?.localized
            text.genera[id] = genus
            details.append(PokemonDetail(
                id: id, name: row.string(column[1]),
                types: (types[id] ?? []).sorted { $0.slot < $1.slot }.map(\.name),
                height: try row.int(column[3]), weight: try row.int(column[4]),
                abilities: (abilities[id] ?? []).sorted { $0.slot < $1.slot },
                stats: (stats[id] ?? []).sorted { $0.statID < $1.statID }.map(\.stat),
                baseExperience: try row.optionalInt(column[5]),
                genus: genus?.en,
                spriteURL: SpriteURL.pokeAPI(id: id)
            ))
        }
        return Catalog(details, text: text)
    }

    /// `identifier → names` from a `*_names.csv` table, when the dump has it.
    private static func localizedNames(
        _ directory: String, _ file: String, _ idColumn: String, identifiers: [Int: String]
    ) throws -> [String: LocalizedText] {
        guard FileManager.default.fileExists(atPath: directory + "/" + file) else { return [:] }
        var texts: [Int: PokeAPIText] = [:]
        try CSVReader(path: directory + "/" + file).forEachRow(columns: [idColumn, "local_language_id", "name"]) { row, column in
            let language = try row.int(column[1])
            guard language == PokeAPIText.englishID || language == PokeAPIText.spanishID else { return }
            texts[try row.int(column[0]), default: PokeAPIText()].set(row.string(column[2]), language: language)
        }
        var names: [String: LocalizedText] = [:]
        for (id, text) in texts {
            if let identifier = identifiers[id], let text = text.localized { names[identifier] = text }
        }
        return names
    }

    /// `id → identifier` of a table such as types.csv.
    private static func identifiers(_ reader: CSVReader) throws -> [Int: String] {
        var names: [Int: String] = [:]
        try reader.forEachRow(columns: ["id", "identifier"]) { row, column in
            names[try row.int(column[0])] = row.string(column[1])
        }
        return names
    }
}

extension CSVReader {
    /// `forEachRow` with the positions of `names` resolved once, in the order given.
    fileprivate func forEachRow(columns names: [String], _ body: (CSVRow, [Int]) throws -> Void) throws {
        let positions = try names.map(column)
        try forEachRow { try body($0, positions) }
    }
}

extension CSVRow {
    /// The name a foreign key in `column` points to.
    fileprivate func lookup(_ names: [Int: String], _ column: Int, what: String) throws -> String {
        let id = try int(column)
        guard let name = names[id] else { throw FieldError(message: "unknown \(what) id \(id)") }
        return name
    }
}
