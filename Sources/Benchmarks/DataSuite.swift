import Foundation
import PokeAPI
import PokedexModels
import PokemonClient
import StateSync
import Storage

/// Data-layer costs: decoding real PokeAPI details, a list page from the warm SQLite cache
/// through the live client, a search page from the embedded catalog, and loading the 1025 dex
/// from the CSV dump.
public let dataSuite = Suite(name: "data", summary: "PokeAPI decode, cached live page, catalog search, CSV catalog load") {
    var figures = [try await DataBenchmarks.cachedPageMilliseconds(), DataBenchmarks.searchPageMicroseconds()]
    guard let shared = Measure.sharedDirectory() else {
        print("data: no ../shared/pokeapi here (set POKEDEX_SHARED): skipping detail_decode_ms and csv_catalog_load_ms")
        return figures
    }
    figures.append(try DataBenchmarks.detailDecodeMilliseconds(jsonDirectory: shared + "/pokeapi/json"))
    figures.append(try DataBenchmarks.detailTreeParseMilliseconds(jsonDirectory: shared + "/pokeapi/json"))
    figures.append(try DataBenchmarks.csvLoadMilliseconds(csvDirectory: shared + "/pokeapi/csv"))
    return figures
}

enum DataBenchmarks {
    /// The slowest of the three real detail documents, each the median of 51 decodes.
    static func detailDecodeMilliseconds(jsonDirectory: String) throws -> Figure {
        let slowest = try [1, 25, 150].map { id in
            let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: "\(jsonDirectory)/pokemon-\(id).json")))
            return try Measure.median(repeats: 51) {
                let detail = try PokeAPIDecoder.detail(bytes)
                precondition(detail.id == id)
            }
        }.max() ?? 0
        return Figure("data.detail_decode_ms", slowest * 1e3, "ms")
    }

    /// The same documents parsed whole by StateSync's `JSONParser` (a tree of every member),
    /// what the streaming `JSONScanner` would be replaced by: the reason PokeAPI keeps it.
    static func detailTreeParseMilliseconds(jsonDirectory: String) throws -> Figure {
        let slowest = try [1, 25, 150].map { id in
            let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: "\(jsonDirectory)/pokemon-\(id).json")))
            return try Measure.median(repeats: 51) {
                let tree = try JSONParser.parse(bytes)
                precondition(tree["id"] == .int(id))
            }
        }.max() ?? 0
        return Figure("data.detail_tree_parse_ms", slowest * 1e3, "ms")
    }

    /// A page of 20 (offset 40) through the live client on a warm cache file. Its base URL is
    /// a closed loopback port, so any request would fail the page: the figure is cache only.
    static func cachedPageMilliseconds() async throws -> Figure {
        let directory = NSTemporaryDirectory() + "pokedex-bench-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let database = try Database(path: directory + "/cache.sqlite", migrations: StorageSchema.migrations)
        let cache = ResponseCache(database: database)
        let baseURL = "http://127.0.0.1:9/api/v2"
        try PokemonClient.warmLiveCache(cache, baseURL: baseURL, from: .embedded, pageSize: 20)
        let client = PokemonClient.live(baseURL: baseURL, http: try HTTPClient(), cache: cache)

        var samples: [Double] = []
        for _ in 0..<201 {
            let start = DispatchTime.now().uptimeNanoseconds
            let page = try await client.fetchList(PokemonQuery(), 20, 40)
            samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
            precondition(page.pokemon.count == 20 && page.pokemon[0].id == 41)
        }
        return Figure("data.list_page_ms_cached", samples.sorted()[samples.count / 2], "ms")
    }

    /// The first page of a name search ("Pi": caterpie, pidgey…) in the embedded catalog, median
    /// of 501: what a session's debounced search costs the server.
    static func searchPageMicroseconds() -> Figure {
        let query = PokemonQuery(search: "Pi")
        let seconds = Measure.median(repeats: 501) {
            let page = Catalog.embedded.page(query, limit: 20, offset: 0)
            precondition(page.pokemon.first?.name == "Caterpie" && page.totalCount == page.pokemon.count)
        }
        return Figure("data.search_page_us", seconds * 1e6, "µs")
    }

    /// `Catalog.load(csvDirectory:)` over the real dump, median of 11.
    static func csvLoadMilliseconds(csvDirectory: String) throws -> Figure {
        let seconds = try Measure.median(repeats: 11) {
            let catalog = try Catalog.load(csvDirectory: csvDirectory)
            precondition(catalog.entries.count == 1025)
        }
        return Figure("data.csv_catalog_load_ms", seconds * 1e3, "ms")
    }
}
