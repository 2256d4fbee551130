import PokeAPI
import PokedexModels

/// Serves PokeAPI-shaped documents, written here from `PokemonDetail` values, at the paths the
/// live client asks for under `/api/v2`.
struct PokeAPIFixture {
    let details: [PokemonDetail]
    let server: TestHTTPServer
    var baseURL: String { server.baseURL + "/api/v2" }

    /// The first `count` of the embedded catalog stand in for PokeAPI's data, without the genus
    /// (it lives in PokeAPI's species documents, which the live client does not read).
    init(server: TestHTTPServer, count: Int = 40) {
        self.server = server
        details = Catalog.embedded.entries.prefix(count).map { detail in
            var live = detail
            live.genus = nil
            return live
        }
        for detail in details { server.serve(Self.detailPath(detail.id), Self.detailDocument(detail)) }
    }

    static func detailPath(_ id: Int) -> String { "/api/v2/pokemon/\(id)" }
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
