import PokedexModels

/// Reads PokeAPI's `/pokemon/{id}` document; every member not listed here is skipped.
enum DetailDocument {
    static func read(_ scanner: inout JSONScanner) throws -> PokemonDetail {
        var id: Int?, name: String?, height: Int?, weight: Int?
        var baseExperience: Int?
        var types: [(slot: Int, name: String)]?
        var abilities: [PokemonDetail.Ability]?
        var stats: [PokemonDetail.Stat]?
        var spriteURL: String?
        try scanner.readObject { scanner, key in
            switch key {
            case "id": id = try scanner.readInt()
            case "name": name = try scanner.readString()
            case "height": height = try scanner.readInt()
            case "weight": weight = try scanner.readInt()
            case "base_experience": baseExperience = try scanner.readOptionalInt()
            case "types": types = try readTypes(&scanner)
            case "abilities": abilities = try readAbilities(&scanner)
            case "stats": stats = try readStats(&scanner)
            case "sprites": spriteURL = try readFrontSprite(&scanner)
            default: try scanner.skipValue()
            }
        }
        guard let id else { throw scanner.error("missing \"id\"") }
        guard let name else { throw scanner.error("missing \"name\"") }
        guard let height, let weight else { throw scanner.error("missing \"height\" or \"weight\"") }
        guard let types, let abilities, let stats else {
            throw scanner.error("missing \"types\", \"abilities\" or \"stats\"")
        }
        return PokemonDetail(
            id: id, name: name, types: types.sorted { $0.slot < $1.slot }.map(\.name),
            height: height, weight: weight, abilities: abilities.sorted { $0.slot < $1.slot },
            stats: stats, baseExperience: baseExperience, spriteURL: spriteURL
        )
    }

    /// `[{slot, type: {name}}]`
    private static func readTypes(_ scanner: inout JSONScanner) throws -> [(slot: Int, name: String)] {
        try readNumberedNames(&scanner, number: "slot", resource: "type", what: "a type").map { (slot: $0.number, name: $0.name) }
    }

    /// `[{ability: {name}, is_hidden, slot}]`
    private static func readAbilities(_ scanner: inout JSONScanner) throws -> [PokemonDetail.Ability] {
        try scanner.readElements { scanner in
            var name: String?, isHidden: Bool?, slot: Int?
            try scanner.readObject { scanner, key in
                switch key {
                case "ability": name = try readName(&scanner)
                case "is_hidden": isHidden = try scanner.readBool()
                case "slot": slot = try scanner.readInt()
                default: try scanner.skipValue()
                }
            }
            guard let name, let isHidden, let slot else {
                throw scanner.error("an ability lacks \"ability.name\", \"is_hidden\" or \"slot\"")
            }
            return PokemonDetail.Ability(name: name, isHidden: isHidden, slot: slot)
        }
    }

    /// `[{base_stat, stat: {name}}]`, kept in document order.
    private static func readStats(_ scanner: inout JSONScanner) throws -> [PokemonDetail.Stat] {
        try readNumberedNames(&scanner, number: "base_stat", resource: "stat", what: "a stat").map { .init(name: $0.name, base: $0.number) }
    }

    /// `[{number, resource: {name}}]` in document order: a type's slot, a stat's base.
    private static func readNumberedNames(
        _ scanner: inout JSONScanner, number numberKey: String, resource resourceKey: String, what: String
    ) throws -> [(number: Int, name: String)] {
        try scanner.readElements { scanner in
            var number: Int?, name: String?
            try scanner.readObject { scanner, key in
                switch key {
                case numberKey: number = try scanner.readInt()
                case resourceKey: name = try readName(&scanner)
                default: try scanner.skipValue()
                }
            }
            guard let number, let name else { throw scanner.error("\(what) lacks \"\(numberKey)\" or \"\(resourceKey).name\"") }
            return (number, name)
        }
    }

    /// `sprites.front_default`, which may be null.
    private static func readFrontSprite(_ scanner: inout JSONScanner) throws -> String? {
        var url: String?
        try scanner.readObject { scanner, key in
            if key == "front_default" { url = try scanner.readOptionalString() } else { try scanner.skipValue() }
        }
        return url
    }

    /// The `name` of a `{name, url}` resource.
    static func readName(_ scanner: inout JSONScanner) throws -> String {
        var name: String?
        try scanner.readObject { scanner, key in
            if key == "name" { name = try scanner.readString() } else { try scanner.skipValue() }
        }
        guard let name else { throw scanner.error("a resource lacks \"name\"") }
        return name
    }
}
