@testable import PokeAPI
import PokedexModels
import PokemonClient
import XCTest

final class PokeAPIDecoderTests: XCTestCase {
    /// A detail document in PokeAPI's shape: unused members around and inside the used ones.
    private let detail = """
        {"abilities":[{"ability":{"name":"lightning-rod","url":"/api/v2/ability/31/"},"is_hidden":true,"slot":3},
                      {"ability":{"name":"static","url":"/api/v2/ability/9/"},"is_hidden":false,"slot":1}],
         "base_experience":112,
         "cries":{"latest":"https://x/25.ogg","legacy":null},
         "game_indices":[{"game_index":84,"version":{"name":"red","url":"/v/1/"}}],
         "height":4, "id":25,
         "moves":[{"move":{"name":"mega-punch","url":"/m/5/"},"version_group_details":[{"level_learned_at":0,
                   "move_learn_method":{"name":"tutor \\"quoted\\" [not] {a} bracket","url":"/x/"}}]}],
         "name":"pikachu",
         "past_types":[], "species":{"name":"pikachu","url":"/s/25/"},
         "sprites":{"back_default":null,"front_default":"https://img/25.png",
                    "other":{"official-artwork":{"front_default":"https://img/art/25.png"}}},
         "stats":[{"base_stat":35,"effort":0,"stat":{"name":"hp","url":"/s/1/"}},
                  {"base_stat":55,"effort":0,"stat":{"name":"attack","url":"/s/2/"}}],
         "types":[{"slot":1,"type":{"name":"electric","url":"/t/13/"}}],
         "weight":60, "order":35.5e0, "is_default":true}
        """

    func testDecodesTheFieldsItUsesAndSkipsTheRest() throws {
        let pikachu = try PokeAPIDecoder.detail(Array(detail.utf8))
        XCTAssertEqual(pikachu, PokemonDetail(
            id: 25, name: "pikachu", types: ["electric"], height: 4, weight: 60,
            abilities: [.init(name: "static", isHidden: false, slot: 1), .init(name: "lightning-rod", isHidden: true, slot: 3)],
            stats: [.init(name: "hp", base: 35), .init(name: "attack", base: 55)],
            baseExperience: 112, genus: nil, spriteURL: "https://img/25.png"
        ))
    }

    func testNullBaseExperienceAndSpriteAndTypesOutOfSlotOrder() throws {
        let text = #"{"id":10033,"name":"venusaur-mega","height":24,"weight":1555,"base_experience":null,"#
            + #""types":[{"slot":2,"type":{"name":"poison"}},{"slot":1,"type":{"name":"grass"}}],"#
            + #""abilities":[],"stats":[],"sprites":{"front_default":null}}"#
        let mega = try PokeAPIDecoder.detail(Array(text.utf8))
        XCTAssertNil(mega.baseExperience)
        XCTAssertNil(mega.spriteURL)
        XCTAssertEqual(mega.types, ["grass", "poison"])
    }

    func testStringEscapesIncludingSurrogatePairs() throws {
        let text = #"{"id":1,"name":"flab\u00e9b\u00e9 \ud83c\udf38 \"x\"\/\\","height":1,"weight":1,"#
            + #""types":[],"abilities":[],"stats":[]}"#
        XCTAssertEqual(try PokeAPIDecoder.detail(Array(text.utf8)).name, "flabébé 🌸 \"x\"/\\")
    }

    func testSkippedValuesMayHoldEscapedBackslashesQuotesAndDeepNesting() throws {
        let minimal = #""id":7,"name":"squirtle","height":5,"weight":90,"types":[],"abilities":[],"stats":[]"#
        let tricky = #"{"junk":["ends in a backslash \\",{"b":"\"]}\""},[[[{}]]],-1.5e3,true,null],"# + minimal + "}"
        XCTAssertEqual(try PokeAPIDecoder.detail(Array(tricky.utf8)).name, "squirtle")

        let deep = "{\"junk\":" + String(repeating: "[", count: 65) + String(repeating: "]", count: 65) + "," + minimal + "}"
        XCTAssertThrowsError(try PokeAPIDecoder.detail(Array(deep.utf8))) { error in
            XCTAssertTrue("\(error)".contains("nested too deeply"), "\(error)")
        }
    }

    func testMalformedDocumentsAreMalformedErrorsSayingWhy() {
        let cases: [(String, String)] = [
            (String(detail.dropLast(1)), "unexpected end"),
            (String(detail.dropLast(40)), "unterminated string"),
            (detail.replacingOccurrences(of: "\"past_types\":[]", with: "\"past_types\":[}"), "mismatched bracket"),
            (detail.replacingOccurrences(of: "\"height\":4,", with: ""), "missing \"height\""),
            (detail + " x", "unexpected data after the document"),
            (detail.replacingOccurrences(of: "\"weight\":60", with: "\"weight\":60.5"), "fraction"),
            (detail.replacingOccurrences(of: "\"id\":25", with: "\"id\":\"25\""), "expected an integer"),
            ("<html>502 Bad Gateway</html>", "expected '{'"),
            ("", "expected '{'"),
        ]
        for (text, reason) in cases {
            XCTAssertThrowsError(try PokeAPIDecoder.detail(Array(text.utf8))) { error in
                guard case let .malformed(message)? = error as? PokemonClientError else { return XCTFail("\(error)") }
                XCTAssertTrue(message.contains(reason), "\(message) should say \(reason)")
                XCTAssertTrue(message.contains("at byte"), message)
            }
        }
    }

    func testListShapeTakesIdsFromTheURLs() throws {
        let text = """
            {"count":1351,"next":"https://pokeapi.co/api/v2/pokemon?offset=2&limit=2","previous":null,
             "results":[{"name":"bulbasaur","url":"https://pokeapi.co/api/v2/pokemon/1/"},
                        {"name":"venusaur-mega","url":"/api/v2/pokemon/10033"}]}
            """
        let page = try PokeAPIDecoder.index(Array(text.utf8))
        XCTAssertEqual(page.count, 1351)
        XCTAssertEqual(page.entries, [NamedEntry(id: 1, name: "bulbasaur"), NamedEntry(id: 10033, name: "venusaur-mega")])

        let noID = #"{"count":1,"results":[{"name":"x","url":"/api/v2/pokemon/"}]}"#
        XCTAssertThrowsError(try PokeAPIDecoder.index(Array(noID.utf8)))
    }

    func testTypeShapeListsItsMembers() throws {
        let text = """
            {"id":12,"name":"grass","damage_relations":{"double_damage_from":[{"name":"fire","url":"/t/10/"}]},
             "pokemon":[{"pokemon":{"name":"bulbasaur","url":"/api/v2/pokemon/1/"},"slot":1},
                        {"pokemon":{"name":"venusaur-mega","url":"/api/v2/pokemon/10033/"},"slot":1}],
             "moves":[]}
            """
        XCTAssertEqual(try PokeAPIDecoder.typeMembers(Array(text.utf8)).map(\.id), [1, 10033])
        XCTAssertThrowsError(try PokeAPIDecoder.typeMembers(Array(#"{"id":12}"#.utf8)))
    }
}
