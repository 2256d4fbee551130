import Composable
@testable import PokedexServer
import PokedexFeatures
import PokedexModels
@testable import StateSync
import XCTest

final class DetailJSONCacheTests: XCTestCase {
    let pikachu = Pokemon(id: 25, name: "Pikachu", types: ["electric"])
    let detail = PokemonDetail(
        id: 25, name: "Pikachu", types: ["electric"], height: 4, weight: 60,
        abilities: [.init(name: "Static", isHidden: false, slot: 1)], stats: [], baseExperience: 112, genus: "Mouse Pokémon")

    private func state(_ pokemon: Pokemon, _ load: LoadState<PokemonDetail>) -> PokemonDetailFeature.State {
        var state = PokemonDetailFeature.State(pokemon: pokemon, favorites: Shared([]))
        state.detail = load
        return state
    }

    func testALoadedDetailIsBuiltOnceAndSharedBySessions() {
        let cache = DetailJSONCache()
        let first = cache.json(for: state(pikachu, .loaded(detail)))
        // Another session's state: equal, not the same storage.
        let second = cache.json(for: state(pikachu, .loaded(detail)))
        XCTAssertEqual(first, ["detail": ClientState.detail(state(pikachu, .loaded(detail)))])
        guard case .object(let built) = first, case .object(let reused) = second else { return XCTFail("details are objects") }
        XCTAssertTrue(built.sharesStorage(with: reused), "the second session reuses the first one's detail")
    }

    func testADetailInAnotherLanguageOrWithOtherDataGetsItsOwn() {
        let cache = DetailJSONCache()
        _ = cache.json(for: state(pikachu, .loaded(detail)))
        var spanish = detail
        spanish.genus = "Pokémon Ratón"
        XCTAssertEqual(cache.json(for: state(pikachu, .loaded(spanish)))["detail"]?["info"]?["genus"], "Pokémon Ratón")
        XCTAssertEqual(cache.json(for: state(pikachu, .loading))["detail"]?["status"], "loading")
        XCTAssertEqual(cache.json(for: state(pikachu, .loaded(detail)))["detail"]?["info"]?["genus"], "Mouse Pokémon")
    }
}
