import PokeAPI
import PokedexModels

/// Serves PokeAPI-shaped documents, written here from `PokemonDetail` values, at the paths the
/// live client asks for under `/api/v2`.
struct PokeAPIFixture {
    /// The Pokémon documents: identifiers as names, no genus (it lives in the species).
    let details: [PokemonDetail]
    let server: TestHTTPServer
    var baseURL: String { server.baseURL + "/api/v2" }

    /// The first `count` of the embedded catalog stand in for PokeAPI's data: a Pokémon and a
    /// species document each.
    init(server: TestHTTPServer, count: Int = 40) {
        self.server = server
        details = Catalog.embedded.entries.prefix(count).map { detail in
            var live = detail
            live.genus = nil
            return live
        }
        for detail in details {
            server.serve(Self.detailPath(detail.id), Self.detailDocument(detail))
            server.serve(Self.speciesPath(detail.id), Self.speciesDocument(detail.id))
        }
    }

    /// Pokémon `id` as the live client gives it in `locale`: what the embedded catalog says.
    func localized(_ id: Int, _ locale: AppLocale = .en) -> PokemonDetail {
        Catalog.embedded.detail(id: id, locale: locale)!
    }

    /// The rows of `details` named in `locale`.
    func rows(_ details: some Sequence<PokemonDetail>, _ locale: AppLocale = .en) -> [Pokemon] {
        details.map { Catalog.embedded.row(id: $0.id, locale: locale)! }
    }

    static func detailPath(_ id: Int) -> String { "/api/v2/pokemon/\(id)" }
    static func speciesPath(_ id: Int) -> String { "/api/v2/pokemon-species/\(id)" }

    /// `/pokemon-species/{id}` with names and genera in Japanese, Spanish and English, and the
    /// members the client skips.
    static func speciesDocument(_ id: Int) -> String {
        let text = Catalog.embedded.text
        let names = text.names[id]!, genus = text.genera[id]!
        func entry(_ field: String, _ value: String, _ language: String) -> String {
            "{\"\(field)\":\"\(value)\",\"language\":{\"name\":\"\(language)\",\"url\":\"/l/\"}}"
        }
        return """
            {"base_happiness":50,"color":{"name":"green","url":"/c/"},"id":\(id),
             "names":[\(entry("name", "ジャ", "ja")),\(entry("name", names.es, "es")),\(entry("name", names.en, "en"))],
             "genera":[\(entry("genus", genus.en, "en")),\(entry("genus", "ポケモン", "ja")),\(entry("genus", genus.es, "es"))],
             "flavor_text_entries":[],"varieties":[]}
            """
    }
    static func pagePath(limit: Int, offset: Int) -> String { "/api/v2/pokemon?limit=\(limit)&offset=\(offset)" }
    static let namesPath = pagePath(limit: 100_000, offset: 0)

    func servePage(limit: Int, offset: Int) {
        let entries = details.dropFirst(offset).prefix(limit).map { "{\"name\":\"\($0.name)\",\"url\":\"\(baseURL)/pokemon/\($0.id)/\"}" }
        server.serve(Self.pagePath(limit: limit, offset: offset),
                     "{\"count\":\(details.count),\"next\":null,\"previous\":null,\"results\":[\(entries.joined(separator: ","))]}")
    }

    /// `/type/{name}` listing its members last-first, plus an alternate form the client must drop.
    func serveType(_ type: String) {
        let members = details.filter { $0.types.contains(type) }.reversed()
            .map { "{\"pokemon\":{\"name\":\"\($0.name)\",\"url\":\"\(baseURL)/pokemon/\($0.id)/\"},\"slot\":1}" }
        let alternate = "{\"pokemon\":{\"name\":\"alt-form\",\"url\":\"\(baseURL)/pokemon/10033/\"},\"slot\":1}"
        server.serve("/api/v2/type/\(type)", "{\"id\":1,\"name\":\"\(type)\",\"moves\":[],\"pokemon\":[\(([alternate] + members).joined(separator: ","))]}")
    }

    static func detailDocument(_ detail: PokemonDetail) -> String {
        let types = detail.types.enumerated().map { "{\"slot\":\($0.offset + 1),\"type\":{\"name\":\"\($0.element)\",\"url\":\"/t/\"}}" }
        let abilities = detail.abilities.map {
            "{\"ability\":{\"name\":\"\($0.name)\",\"url\":\"/a/\"},\"is_hidden\":\($0.isHidden),\"slot\":\($0.slot)}"
        }
        let stats = detail.stats.map { "{\"base_stat\":\($0.base),\"effort\":0,\"stat\":{\"name\":\"\($0.name)\",\"url\":\"/s/\"}}" }
        let moves = (1...50).map { "{\"move\":{\"name\":\"move-\($0)\",\"url\":\"/m/\($0)/\"},\"version_group_details\":[]}" }
        return """
            {"abilities":[\(abilities.joined(separator: ","))],"base_experience":\(detail.baseExperience.map(String.init) ?? "null"),
             "height":\(detail.height),"id":\(detail.id),"moves":[\(moves.joined(separator: ","))],"name":"\(detail.name)",
             "sprites":{"back_default":null,"front_default":\(detail.spriteURL.map { "\"\($0)\"" } ?? "null")},
             "stats":[\(stats.joined(separator: ","))],"types":[\(types.joined(separator: ","))],"weight":\(detail.weight)}
            """
    }
}
