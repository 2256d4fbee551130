import XCTest
@testable import PokeAPI

final class NameSearchTests: XCTestCase {
    func testFindsTheTextAnywhereInAnyNameIgnoringCase() {
        let search = NameSearch("PI")

        XCTAssertTrue(search.matches(id: 25, names: ["Pikachu"]))
        XCTAssertTrue(search.matches(id: 10, names: ["Caterpie"]))
        XCTAssertTrue(search.matches(id: 1, names: ["Bulbasaur", "Pidgey"]), "a name in the other language")
        XCTAssertFalse(search.matches(id: 1, names: ["Bulbasaur"]))
        XCTAssertFalse(search.matches(id: 1, names: ["p"]), "a name shorter than the text")
    }

    func testIgnoresAccentsAndPunctuation() {
        XCTAssertTrue(NameSearch("mr mime").matches(id: 122, names: ["Mr. Mime"]))
        XCTAssertTrue(NameSearch("farfetchd").matches(id: 83, names: ["Farfetch’d"]))
        XCTAssertTrue(NameSearch("nidoran").matches(id: 29, names: ["Nidoran♀"]))
        XCTAssertTrue(NameSearch("ho oh").matches(id: 250, names: ["Ho-Oh"]))
        XCTAssertTrue(NameSearch("flabebe").matches(id: 669, names: ["Flabébé"]))
        XCTAssertTrue(NameSearch("FLABÉBÉ").matches(id: 669, names: ["Flabebe"]))
        XCTAssertTrue(NameSearch("type null").matches(id: 772, names: ["Type: Null"]))
        XCTAssertFalse(NameSearch("mimemr").matches(id: 122, names: ["Mr. Mime"]))
    }

    func testAMatchNeverSpansTwoNames() {
        XCTAssertFalse(NameSearch("saurpidg").matches(id: 1, names: ["Bulbasaur", "Pidgey"]))
    }

    func testANumberFindsThatPokemonOnly() {
        XCTAssertTrue(NameSearch("25").matches(id: 25, names: ["Pikachu"]))
        XCTAssertTrue(NameSearch("#025").matches(id: 25, names: ["Pikachu"]))
        XCTAssertTrue(NameSearch(" #25 ").matches(id: 25, names: ["Pikachu"]))
        XCTAssertFalse(NameSearch("25").matches(id: 125, names: ["Electabuzz"]))
        XCTAssertTrue(NameSearch("#").isEmpty, "a lone # is punctuation: no search at all")
    }

    func testEmptyOrPunctuationOnlyTextIsEmpty() {
        XCTAssertTrue(NameSearch("").isEmpty)
        XCTAssertTrue(NameSearch(" .-’ ").isEmpty)
        XCTAssertFalse(NameSearch("a").isEmpty)
        XCTAssertFalse(NameSearch("7").isEmpty)
    }
}
