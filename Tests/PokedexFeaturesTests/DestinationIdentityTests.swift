import Composable
import PokedexFeatures
import PokedexModels
import XCTest

/// Which child the destination presents: another Pokémon's detail is a new presentation (the
/// old one's effects are cancelled), the same detail changed in place is not.
final class DestinationIdentityTests: XCTestCase {
    func testAnotherDetailIsANewPresentationAndTheSameDetailChangedIsNot() {
        let favorites = Shared<Set<Int>>([])
        func detail(_ id: Int) -> AppFeature.Destination.State {
            .detail(PokemonDetailFeature.State(pokemon: Pokemon(id: id, name: "", types: []), favorites: favorites))
        }
        var presentation = PresentationState<AppFeature.Destination.State>(wrappedValue: detail(1))
        let first = presentation.presentationID
        var changed = PokemonDetailFeature.State(pokemon: Pokemon(id: 1, name: "bulbasaur", types: ["grass"]), favorites: favorites)
        changed.detail = .loading
        presentation.wrappedValue = .detail(changed)
        XCTAssertEqual(presentation.presentationID, first, "the same Pokémon's detail keeps its presentation")
        presentation.wrappedValue = detail(2)
        XCTAssertNotEqual(presentation.presentationID, first, "another Pokémon's detail is a new one")
        XCTAssertNotEqual(detail(2).presentationKey, detail(12).presentationKey)
        XCTAssertEqual(detail(2).presentationKey, detail(2).presentationKey)
    }
}
