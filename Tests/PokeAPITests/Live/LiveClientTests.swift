import PokeAPI
import PokedexModels
import PokemonClient
import Storage
import XCTest

final class LiveClientTests: XCTestCase {
    func testAPageFillsItsRowsWithOverlappingDetailRequests() async throws {
        let harness = try LiveClientHarness()
        harness.fixture.servePage(limit: 20, offset: 0)
        for id in 1...20 { harness.server.inject(.holdUntilInFlight(10), at: PokeAPIFixture.detailPath(id)) }
        let client = try harness.makeClient(maxConcurrent: 10)

        let page = try await client.fetchList(PokemonQuery(), 20, 0)

        XCTAssertEqual(page.pokemon, harness.fixture.rows(harness.fixture.details.prefix(20)))
        XCTAssertEqual(page.totalCount, harness.fixture.details.count)
        let seen = harness.server.snapshot
        XCTAssertEqual(seen.totalRequests, 41, "one list request, and a detail and a species per row")
        XCTAssertEqual(seen.maxInFlight, 10, "detail requests overlap, up to the configured bound")
    }

    func testASecondVisitMakesNoRequest() async throws {
        let harness = try LiveClientHarness()
        harness.fixture.servePage(limit: 20, offset: 20)
        let client = try harness.makeClient()

        let first = try await client.fetchList(PokemonQuery(), 20, 20)
        let requests = harness.server.snapshot.totalRequests
        let second = try await client.fetchList(PokemonQuery(), 20, 20)
        let detail = try await client.fetchDetail(25, .en)

        XCTAssertEqual(second, first)
        XCTAssertEqual(detail.name, "Pikachu")
        XCTAssertEqual(harness.server.snapshot.totalRequests, requests, "page and detail came from the cache")
    }

    func testTheCacheSurvivesReopeningTheFile() async throws {
        let harness = try LiveClientHarness()
        harness.fixture.servePage(limit: 20, offset: 0)
        let first = try await harness.makeClient().fetchList(PokemonQuery(), 20, 0)
        harness.server.stop()

        let reopened = try harness.makeClient()
        let again = try await reopened.fetchList(PokemonQuery(), 20, 0)
        XCTAssertEqual(again, first)
        let detail = try await reopened.fetchDetail(7, .en)
        XCTAssertEqual(detail, harness.fixture.localized(7))
    }

    func testAnEntryOlderThanTheTTLIsFetchedAgain() async throws {
        let harness = try LiveClientHarness()
        let client = try harness.makeClient(ttl: 3600)
        _ = try await client.fetchDetail(4, .en)
        harness.advanceClock(by: 3599)
        _ = try await client.fetchDetail(4, .en)
        XCTAssertEqual(harness.server.snapshot.requests[PokeAPIFixture.detailPath(4)], 1, "still fresh")

        harness.advanceClock(by: 2)
        _ = try await client.fetchDetail(4, .en)
        XCTAssertEqual(harness.server.snapshot.requests[PokeAPIFixture.detailPath(4)], 2, "expired, fetched again")
    }

    func testRowsAndDetailsAreNamedInTheLanguageAskedFor() async throws {
        let harness = try LiveClientHarness()
        harness.fixture.servePage(limit: 20, offset: 20)
        let client = try harness.makeClient()

        let spanish = try await client.fetchList(PokemonQuery(locale: .es), 20, 20)
        XCTAssertEqual(spanish.pokemon, harness.fixture.rows(harness.fixture.details[20..<40], .es))
        XCTAssertEqual(spanish.pokemon.first { $0.id == 29 }?.name, "Nidoran♀")
        let detail = try await client.fetchDetail(29, .es)
        XCTAssertEqual(detail.genus, "Pokémon Pin Veneno")
        XCTAssertEqual(detail.abilities.map(\.name), ["Punto Tóxico", "Rivalidad", "Entusiasmo"])
        let english = try await client.fetchDetail(29, .en)
        XCTAssertEqual(english.genus, "Poison Pin Pokémon")
        XCTAssertEqual(harness.server.snapshot.requests[PokeAPIFixture.speciesPath(29)], 1, "the species document is cached")
    }

    func testSearchFiltersTheNameIndexFetchedOnce() async throws {
        let harness = try LiveClientHarness()
        harness.fixture.servePage(limit: 100_000, offset: 0)
        let client = try harness.makeClient()

        let saurs = try await client.fetchList(PokemonQuery(search: "SAUR"), 2, 0)
        XCTAssertEqual(saurs.pokemon.map(\.name), ["Bulbasaur", "Ivysaur"])
        XCTAssertEqual(saurs.totalCount, 3)
        let chars = try await client.fetchList(PokemonQuery(search: "char"), 20, 0)
        XCTAssertEqual(chars.pokemon, harness.fixture.rows(harness.fixture.details[3...5]))
        XCTAssertEqual(harness.server.snapshot.requests[PokeAPIFixture.namesPath], 1)
    }

    func testTypeFilterListsDefaultFormsInDexOrder() async throws {
        let harness = try LiveClientHarness()
        harness.fixture.serveType("poison")
        let client = try harness.makeClient()
        let poison = harness.fixture.rows(harness.fixture.details.filter { $0.types.contains("poison") })

        let page = try await client.fetchList(PokemonQuery(type: "poison"), 5, 5)
        XCTAssertEqual(page.pokemon, Array(poison[5..<10]))
        XCTAssertEqual(page.totalCount, poison.count, "the alternate form 10033 is left out")
        let searched = try await client.fetchList(PokemonQuery(search: "nido", type: "poison"), 20, 0)
        XCTAssertEqual(searched.pokemon, poison.filter { $0.name.contains("Nido") })
        let all = try await client.fetchType("poison", .en)
        XCTAssertEqual(all, poison)
        XCTAssertEqual(harness.server.snapshot.requests["/api/v2/type/poison"], 1)
    }

    func testAWarmedCacheAnswersWithoutTheNetwork() async throws {
        let harness = try LiveClientHarness()
        let catalog = Catalog.embedded.prefix(30)
        let database = try Database(path: harness.cachePath, migrations: StorageSchema.migrations)
        try PokemonClient.warmLiveCache(ResponseCache(database: database), baseURL: harness.fixture.baseURL + "/",
                                        from: catalog, pageSize: 20, now: harness.now)
        harness.server.stop()
        let client = try harness.makeClient()

        let secondPage = try await client.fetchList(PokemonQuery(), 20, 20)
        XCTAssertEqual(secondPage, PokemonPage(pokemon: harness.fixture.rows(catalog.entries[20...]), totalCount: 30))
        let search = try await client.fetchList(PokemonQuery(search: "pika"), 20, 0)
        XCTAssertEqual(search.pokemon.map(\.id), [25])
        let detail = try await client.fetchDetail(30, .en)
        XCTAssertEqual(detail, catalog.detail(id: 30))
        let spanish = try await client.fetchDetail(30, .es)
        XCTAssertEqual(spanish, catalog.detail(id: 30, locale: .es))
        XCTAssertEqual(harness.server.snapshot.totalRequests, 0)
    }
}
