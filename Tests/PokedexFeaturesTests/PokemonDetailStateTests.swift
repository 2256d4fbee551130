import Composable
import PokedexFeatures
import PokedexModels
import XCTest

/// A detail's state is one reference to copy-on-write storage: it must still behave as the
/// plain struct it was (a value, compared and reflected field by field).
final class PokemonDetailStateTests: XCTestCase {
    let favorites = Shared(Set([25]))

    func testACopyIsAValue() {
        var detail = PokemonDetailFeature.State(pokemon: Fixtures.dex[24], favorites: favorites)
        let copy = detail
        detail.detail = .loading
        detail.locale = .es
        XCTAssertEqual(copy.detail, .idle)
        XCTAssertEqual(copy.locale, .en)
        XCTAssertNotEqual(copy, detail)
        var same = copy
        same.detail = .loading
        same.locale = .es
        XCTAssertEqual(same, detail)
    }

    func testItIsReflectedAsItsFields() {
        let detail = PokemonDetailFeature.State(pokemon: Fixtures.dex[24], favorites: favorites)
        let mirror = Mirror(reflecting: detail)
        XCTAssertEqual(mirror.displayStyle, .struct)
        XCTAssertEqual(mirror.children.map(\.label), ["pokemon", "detail", "favorites", "locale"])
        XCTAssertTrue(detail.isFavorite)
    }
}
