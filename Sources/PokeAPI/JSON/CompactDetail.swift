import StateSync
import PokedexModels

/// The project's own compact form of a `PokemonDetail`: one JSON array, the first part of a
/// `CompactRecord` (the embedded catalog's lines, the live client's cache entries):
///
///     [id,"name",["type",…],height_dm,weight_hg,base_experience|null,"genus"|null,
///      "sprite url"|null,[["stat",base],…],[["ability",slot,is_hidden],…]]
enum CompactDetail {
    static func write(_ detail: PokemonDetail, to json: inout JSONWriter) {
        json.raw("[")
        json.int(detail.id); json.raw(",")
        json.string(detail.name); json.raw(",")
        json.array(detail.types) { $0.string($1) }; json.raw(",")
        json.int(detail.height); json.raw(",")
        json.int(detail.weight); json.raw(",")
        json.int(detail.baseExperience); json.raw(",")
        json.string(detail.genus); json.raw(",")
        json.string(detail.spriteURL); json.raw(",")
        json.array(detail.stats) { json, stat in
            json.raw("["); json.string(stat.name); json.raw(","); json.int(stat.base); json.raw("]")
        }
        json.raw(",")
        json.array(detail.abilities) { json, ability in
            json.raw("["); json.string(ability.name); json.raw(",")
            json.int(ability.slot); json.raw(","); json.bool(ability.isHidden); json.raw("]")
        }
        json.raw("]")
    }

    static func read(_ scanner: inout JSONScanner) throws -> PokemonDetail {
        try scanner.readTuple { scanner in
            let id = try scanner.readInt()
            try scanner.expectComma()
            let name = try scanner.readString()
            try scanner.expectComma()
            let types = try scanner.readElements { try $0.readString() }
            try scanner.expectComma()
            let height = try scanner.readInt()
            try scanner.expectComma()
            let weight = try scanner.readInt()
            try scanner.expectComma()
            let baseExperience = try scanner.readOptionalInt()
            try scanner.expectComma()
            let genus = try scanner.readOptionalString()
            try scanner.expectComma()
            let spriteURL = try scanner.readOptionalString()
            try scanner.expectComma()
            let stats = try scanner.readElements { try $0.readTuple(readStat) }
            try scanner.expectComma()
            let abilities = try scanner.readElements { try $0.readTuple(readAbility) }
            return PokemonDetail(
                id: id, name: name, types: types, height: height, weight: weight, abilities: abilities,
                stats: stats, baseExperience: baseExperience, genus: genus, spriteURL: spriteURL
            )
        }
    }

    /// `"stat",base`
    private static func readStat(_ scanner: inout JSONScanner) throws -> PokemonDetail.Stat {
        let name = try scanner.readString()
        try scanner.expectComma()
        return PokemonDetail.Stat(name: name, base: try scanner.readInt())
    }

    /// `"ability",slot,is_hidden`
    private static func readAbility(_ scanner: inout JSONScanner) throws -> PokemonDetail.Ability {
        let name = try scanner.readString()
        try scanner.expectComma()
        let slot = try scanner.readInt()
        try scanner.expectComma()
        return PokemonDetail.Ability(name: name, isHidden: try scanner.readBool(), slot: slot)
    }
}
