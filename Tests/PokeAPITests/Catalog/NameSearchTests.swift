import XCTest
@testable import PokeAPI

final class NameSearchTests: XCTestCase {
    func testFindsTheTextAnywhereInTheNameIgnoringCase() {
        let search = NameSearch("PI")

        XCTAssertTrue(search.matches("pikachu"))
        XCTAssertTrue(search.matches("caterpie"))
        XCTAssertTrue(search.matches("Pidgey"))
        XCTAssertFalse(search.matches("bulbasaur"))
        XCTAssertFalse(search.matches("p"), "a name shorter than the text")
    }

    func testMatchesWholeCharactersBeyondASCII() {
        XCTAssertTrue(NameSearch("flabébé").matches("Flabébé"))
        XCTAssertTrue(NameSearch("É").matches("flabébé"))
        XCTAssertFalse(NameSearch("e").matches("flabébé"))
    }

    func testEmptyTextIsEmpty() {
        XCTAssertTrue(NameSearch("").isEmpty)
        XCTAssertFalse(NameSearch("a").isEmpty)
    }
}
