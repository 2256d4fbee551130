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
        try scanner.beginArray()
        let id = try scanner.readInt()
        try scanner.expectComma()
        let name = try scanner.readString()
        try scanner.expectComma()
        var types: [String] = []
        try scanner.readArray { types.append(try $0.readString()) }
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
        var stats: [PokemonDetail.Stat] = []
        try scanner.readArray { scanner in
            try scanner.beginArray()
            let name = try scanner.readString()
            try scanner.expectComma()
            stats.append(.init(name: name, base: try scanner.readInt()))
            try scanner.endArray()
        }
        try scanner.expectComma()
        var abilities: [PokemonDetail.Ability] = []
        try scanner.readArray { scanner in
            try scanner.beginArray()
            let name = try scanner.readString()
            try scanner.expectComma()
            let slot = try scanner.readInt()
            try scanner.expectComma()
            abilities.append(.init(name: name, isHidden: try scanner.readBool(), slot: slot))
            try scanner.endArray()
        }
        try scanner.endArray()
        return PokemonDetail(
            id: id, name: name, types: types, height: height, weight: weight, abilities: abilities,
            stats: stats, baseExperience: baseExperience, genus: genus, spriteURL: spriteURL
        )
    }
}
