import Foundation
import PokedexModels
import XCTest

/// A row keeps its values out of line (`Pokemon.Fields`): it still codes, compares, hashes,
/// prints and changes as the plain struct of four values it was.
final class PokemonRowTests: XCTestCase {
    func testCodesAsItsFourValues() throws {
        let pikachu = Pokemon(id: 25, name: "Pikachu", types: ["electric"], spriteURL: "https://example.com/25.png")
        let json = try JSONSerialization.jsonObject(with: JSONEncoder().encode(pikachu)) as? [String: Any]
        XCTAssertEqual(json?.keys.sorted(), ["id", "name", "spriteURL", "types"])
        XCTAssertEqual(try JSONDecoder().decode(Pokemon.self, from: JSONEncoder().encode(pikachu)), pikachu)
        let withoutSprite = Data(#"{"id": 1, "name": "Bulbasaur", "types": ["grass", "poison"]}"#.utf8)
        XCTAssertEqual(try JSONDecoder().decode(Pokemon.self, from: withoutSprite), Pokemon(id: 1, name: "Bulbasaur", types: ["grass", "poison"]))
        let encoded = try JSONSerialization.jsonObject(with: JSONEncoder().encode(Pokemon(id: 1, name: "Bulbasaur", types: []))) as? [String: Any]
        XCTAssertEqual(encoded?.keys.sorted(), ["id", "name", "types"], "no sprite, no key")
    }

    func testAChangedCopyLeavesTheOriginalAndComparesByValue() {
        let original = Pokemon(id: 25, name: "Pikachu", types: ["electric"])
        var copy = original
        copy.name = "Raichu"
        copy.types.append("psychic")
        copy.spriteURL = "s"
        XCTAssertEqual(original, Pokemon(id: 25, name: "Pikachu", types: ["electric"]))
        XCTAssertEqual(copy, Pokemon(id: 25, name: "Raichu", types: ["electric", "psychic"], spriteURL: "s"))
        XCTAssertNotEqual(original, copy)
        XCTAssertNotEqual(original, Pokemon(id: 26, name: "Pikachu", types: ["electric"]))
        XCTAssertEqual(Set([original, Pokemon(id: 25, name: "Pikachu", types: ["electric"])]).count, 1)
        XCTAssertEqual(
            String(describing: copy), #"Pokemon(id: 25, name: "Raichu", types: ["electric", "psychic"], spriteURL: Optional("s"))"#)
    }
}

/// A detail holds its row (`PokemonDetail.pokemon`): it still codes and prints as the plain
/// struct of ten values it was, and a change of its name changes its row.
final class PokemonDetailRowTests: XCTestCase {
    func testCodesAsItsTenValuesAndItsRowFollowsItsChanges() throws {
        var detail = PokemonDetail(
            id: 1, name: "bulbasaur", types: ["grass"], height: 7, weight: 69,
            abilities: [.init(name: "overgrow", isHidden: false, slot: 1)], stats: [.init(name: "hp", base: 45)],
            baseExperience: 64, genus: nil, spriteURL: "s")
        let json = try JSONSerialization.jsonObject(with: JSONEncoder().encode(detail)) as? [String: Any]
        XCTAssertEqual(json?.keys.sorted(), ["abilities", "baseExperience", "height", "id", "name", "spriteURL", "stats", "types", "weight"])
        XCTAssertEqual(try JSONDecoder().decode(PokemonDetail.self, from: JSONEncoder().encode(detail)), detail)
        detail.name = "Bulbasaur"
        XCTAssertEqual(detail.pokemon, Pokemon(id: 1, name: "Bulbasaur", types: ["grass"], spriteURL: "s"))
        XCTAssertTrue(String(describing: detail).hasPrefix(#"PokemonDetail(id: 1, name: "Bulbasaur", types: ["grass"], height: 7"#))
    }
}

/// A detail keeps its values beside the row in one box (`PokemonDetail.More`): a changed copy
/// leaves the original as it was, and details compare and hash by their values.
final class PokemonDetailValuesTests: XCTestCase {
    func testAChangedCopyLeavesTheOriginalAndComparesAndHashesByValue() {
        func bulbasaur() -> PokemonDetail {
            PokemonDetail(
                id: 1, name: "bulbasaur", types: ["grass"], height: 7, weight: 69,
                abilities: [.init(name: "overgrow", isHidden: false, slot: 1)], stats: [.init(name: "hp", base: 45)],
                baseExperience: 64, genus: "Seed Pokémon")
        }
        let original = bulbasaur()
        var copy = original
        copy.height = 8
        copy.weight = 70
        copy.abilities[0].name = "Espesura"
        copy.stats.append(.init(name: "attack", base: 49))
        copy.baseExperience = nil
        copy.genus = "Pokémon Semilla"
        XCTAssertEqual(original, bulbasaur(), "the original is as it was")
        XCTAssertEqual([original.height, original.weight], [7, 69])
        XCTAssertEqual(original.abilities.map(\.name), ["overgrow"])
        XCTAssertEqual(original.genus, "Seed Pokémon")
        XCTAssertEqual([copy.height, copy.weight], [8, 70])
        XCTAssertEqual(copy.abilities.map(\.name), ["Espesura"])
        XCTAssertEqual(copy.stats.count, 2)
        XCTAssertNil(copy.baseExperience)
        XCTAssertEqual(copy.genus, "Pokémon Semilla")
        XCTAssertNotEqual(original, copy)
        var other = bulbasaur()
        other.genus = nil
        XCTAssertNotEqual(original, other)
        XCTAssertEqual(Set([original, bulbasaur(), copy]).count, 2)
    }
}
