import Foundation
import PokedexModels
import PokemonClient
import Storage

/// The PokeAPI resources the live client reads, each fetched with retries and kept in the
/// response cache in its decoded compact form (never the raw body).
struct PokeAPIResources: Sendable {
    let baseURL: String
    let http: HTTPClient
    let cache: ResponseCache?
    let ttl: TimeInterval
    let options: LiveOptions

    /// `/pokemon/{id}`
    func detail(_ id: Int) async throws -> PokemonDetail {
        try await cached(Self.detailPath(id), what: "Pokémon #\(id)", encode: CompactDetail.encode,
                         decode: CompactDetail.decode, parse: PokeAPIDecoder.detail)
    }

    /// `/pokemon-species/{id}`: names and genus in English and Spanish.
    func species(_ id: Int) async throws -> SpeciesText {
        try await cached(Self.speciesPath(id), what: "Pokémon #\(id)", encode: SpeciesDocument.encode,
                         decode: SpeciesDocument.decode, parse: PokeAPIDecoder.species)
    }

    /// Pokémon `id` with its names, genus and abilities in `locale`: the detail and the
    /// species documents, fetched concurrently. Ability names come from the embedded catalog's
    /// table (the first 151's abilities); others keep their identifier.
    func localizedDetail(_ id: Int, _ locale: AppLocale) async throws -> PokemonDetail {
        async let detail = detail(id)
        async let species = species(id)
        return try await Self.text(await species).localized(try await detail, locale)
    }

    private static func text(_ species: SpeciesText) -> CatalogText {
        CatalogText(
            names: species.names.map { [species.id: $0] } ?? [:],
            genera: species.genus.map { [species.id: $0] } ?? [:],
            abilities: Catalog.embedded.text.abilities
        )
    }

    /// `/pokemon?limit=&offset=`
    func indexPage(limit: Int, offset: Int) async throws -> PokemonIndexPage {
        try await cached(Self.indexPath(limit: limit, offset: offset), what: "Pokémon list", encode: CompactIndex.encode,
                         decode: CompactIndex.decode, parse: PokeAPIDecoder.index)
    }

    /// Every name and id PokeAPI knows, fetched once and then searched locally.
    func nameIndex() async throws -> [NamedEntry] {
        try await cached(Self.nameIndexPath, what: "Pokémon list", encode: CompactIndex.encode,
                         decode: CompactIndex.decode, parse: PokeAPIDecoder.index).entries
    }

    /// `/type/{name}`: the default forms of a type (ids below 10000), in dex order.
    func typeMembers(_ type: String) async throws -> [NamedEntry] {
        // The name goes into the URL path, so only identifiers like `grass` are asked for.
        guard !type.isEmpty, type.utf8.allSatisfy({ (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) || $0 == UInt8(ascii: "-") })
        else { throw PokemonClientError.notFound("type \(type)") }
        let members = try await cached(
            "/type/\(type)", what: "type \(type)", encode: CompactIndex.encode, decode: CompactIndex.decode,
            parse: { bytes in
                let members = try PokeAPIDecoder.typeMembers(bytes)
                return PokemonIndexPage(count: members.count, entries: members)
            }
        )
        return members.entries.filter { $0.id < 10000 }.sorted { $0.id < $1.id }
    }

    /// The list rows of `entries`, in their order and named in `locale`, from details and
    /// species fetched concurrently (at most
    /// `maxConcurrentTransfers` at once over the one multi handle) or read from the cache.
    func rows(_ entries: some Collection<NamedEntry>, _ locale: AppLocale) async throws -> [Pokemon] {
        try await withThrowingTaskGroup(of: (Int, Pokemon).self) { group in
            var rows = [Pokemon?](repeating: nil, count: entries.count)
            for (position, entry) in entries.enumerated() {
                if position >= options.maxConcurrentTransfers, let (done, row) = try await group.next() {
                    rows[done] = row
                }
                // One transfer at a time per row, so the bound holds for transfers too.
                group.addTask {
                    let detail = try await detail(entry.id)
                    return (position, Self.text(try await species(entry.id)).row(detail, locale))
                }
            }
            for try await (done, row) in group { rows[done] = row }
            return rows.compactMap { $0 }
        }
    }

    /// The cached value for `path` when fresh; otherwise GET it, parse it and store it.
    private func cached<Value>(
        _ path: String, what: String, encode: (Value) -> [UInt8], decode: ([UInt8]) throws -> Value,
        parse: ([UInt8]) throws -> Value
    ) async throws -> Value {
        let url = baseURL + path
        let key = Self.cacheKey(url)
        if let stored = try? cache?.value(for: key, maxAge: ttl, now: options.now()),
           let value = try? decode(stored) {
            return value
        }
        let value = try parse(try await body(url, what: what))
        try? cache?.store(encode(value), for: key, now: options.now())
        return value
    }

    /// `baseURL` without a trailing slash, as paths are appended to it.
    static func normalized(_ baseURL: String) -> String {
        baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL
    }

    /// Where the decoded form of the document at `url` is cached.
    static func cacheKey(_ url: String) -> String { url + "#compact-v1" }

    static func detailPath(_ id: Int) -> String { "/pokemon/\(id)" }
    static func speciesPath(_ id: Int) -> String { "/pokemon-species/\(id)" }
    static func indexPath(limit: Int, offset: Int) -> String { "/pokemon?limit=\(limit)&offset=\(offset)" }
    static let nameIndexPath = indexPath(limit: 100_000, offset: 0)

    /// The body of a 2xx answer, with retries; 404 is `.notFound(what)` at once.
    private func body(_ url: String, what: String) async throws -> [UInt8] {
        try await options.retry.run {
            let response = try await http.get(url, timeouts: options.timeouts)
            switch response.status {
            case 200..<300: return response.body
            case 404: throw PokemonClientError.notFound(what)
            default: throw PokemonClientError.server(status: response.status)
            }
        }
    }
}
