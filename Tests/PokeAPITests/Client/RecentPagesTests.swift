import PokeAPI
import PokedexModels
import PokemonClient
import XCTest

final class RecentPagesTests: XCTestCase {
    private func base(_ rows: [Pokemon]) -> UnsafePointer<Pokemon>? { rows.withUnsafeBufferPointer(\.baseAddress) }

    /// The catalog copies a page's rows each time; through `sharingRecentPages` an equal page
    /// comes back as the first one handed out, a different one as itself.
    func testAnEqualPageIsHandedOutAsTheOneBefore() async throws {
        let client = PokemonClient.embeddedCatalog.sharingRecentPages()
        let first = try await client.fetchList(PokemonQuery(), 20, 0)
        let again = try await client.fetchList(PokemonQuery(), 20, 0)
        XCTAssertEqual(first, again)
        XCTAssertEqual(base(first.pokemon), base(again.pokemon))
        let next = try await client.fetchList(PokemonQuery(), 20, 20)
        XCTAssertEqual(next.pokemon.first?.id, 21)
        let grass = try await client.fetchList(PokemonQuery(type: "grass"), 20, 0)
        XCTAssertNotEqual(grass, first)
        let third = try await client.fetchList(PokemonQuery(), 20, 0)
        XCTAssertEqual(base(third.pokemon), base(first.pokemon))
    }
}
