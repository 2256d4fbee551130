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

    /// `/pokemon/{id}` with the names and genus of `/pokemon-species/{id}`, fetched one after
    /// the other (one transfer at a time a row, so `maxConcurrentTransfers` bounds transfers)
    /// and cached as one record under the detail's URL: a cached row is one read.
    func record(_ id: Int) async throws -> CompactRecord {
        try await cached(Self.detailPath(id), encode: CompactRecord.encode, decode: CompactRecord.decode) {
            let detail = try PokeAPIDecoder.detail(try await body(baseURL + Self.detailPath(id), what: "Pokémon #\(id)"))
            let species = try PokeAPIDecoder.species(try await body(baseURL + Self.speciesPath(id), what: "Pokémon #\(id)"))
            return CompactRecord(detail: detail, names: species.names, genus: species.genus)
        }
    }

    /// Pokémon `id` with its names, genus and abilities in `locale`. Ability names come from
    /// the embedded catalog's table (the first 151's abilities); others keep their identifier.
    func localizedDetail(_ id: Int, _ locale: AppLocale) async throws -> PokemonDetail {
        let record = try await record(id)
        return Self.text(record).localized(record.detail, locale)
    }

    private static func text(_ record: CompactRecord) -> CatalogText {
        let id = record.detail.id
        return CatalogText(
            names: record.names.map { [id: $0] } ?? [:],
            genera: record.genus.map { [id: $0] } ?? [:],
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

    /// The list rows of `entries`, in their order and named in `locale`, from records fetched
    /// concurrently (at most `maxConcurrentTransfers` at once over the one multi handle) or
    /// read from the cache.
    func rows(_ entries: some Collection<NamedEntry>, _ locale: AppLocale) async throws -> [Pokemon] {
        try await withThrowingTaskGroup(of: (Int, Pokemon).self) { group in
            var rows = [Pokemon?](repeating: nil, count: entries.count)
            for (position, entry) in entries.enumerated() {
                if position >= options.maxConcurrentTransfers, let (done, row) = try await group.next() {
                    rows[done] = row
                }
                group.addTask {
                    let record = try await record(entry.id)
                    return (position, Self.text(record).row(record.detail, locale))
                }
            }
            for try await (done, row) in group { rows[done] = row }
            return rows.compactMap { $0 }
        }
    }

    /// The cached value for `path` when fresh; otherwise GET it, parse it and store it.
    private func cached<Value>(
        _ path: String, what: String, encode: (Value) -> [UInt8], decode: ([UInt8]) throws -> Value,
        parse: @escaping ([UInt8]) throws -> Value
    ) async throws -> Value {
        try await cached(path, encode: encode, decode: decode) {
            try parse(try await body(baseURL + path, what: what))
        }
    }

    /// The cached value for `path` when fresh; otherwise `fetch` it and store it.
    private func cached<Value>(
        _ path: String, encode: (Value) -> [UInt8], decode: ([UInt8]) throws -> Value,
        fetch: () async throws -> Value
    ) async throws -> Value {
        let url = baseURL + path
        let key = Self.cacheKey(url)
        if let stored = try? cache?.value(for: key, maxAge: ttl, now: options.now()),
           let value = try? decode(stored) {
            return value
        }
        let value = try await fetch()
        try? cache?.store(encode(value), for: key, now: options.now())
        return value
    }

    /// `baseURL` without a trailing slash, as paths are appended to it.
    static func normalized(_ baseURL: String) -> String {
        baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL
    }

    /// Where the decoded form of the document at `url` is cached (v2: a detail is a record
    /// with its species' text).
    static func cacheKey(_ url: String) -> String { url + "#compact-v2" }

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
