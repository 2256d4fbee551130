import Foundation
import PokemonClient
import Storage

extension PokemonClient {
    /// Fills `cache` as the live client at `baseURL` would after visiting everything in
    /// `catalog` (e.g. a CSV dump): every detail with its names, the name index and the plain pages of
    /// `pageSize`. A live client on that cache then answers them without the network.
    public static func warmLiveCache(
        _ cache: ResponseCache, baseURL: String, from catalog: Catalog, pageSize: Int = 20, now: Date = Date()
    ) throws {
        let baseURL = PokeAPIResources.normalized(baseURL)
        func store(_ path: String, _ body: [UInt8]) throws {
            try cache.store(body, for: PokeAPIResources.cacheKey(baseURL + path), now: now)
        }
        for detail in catalog.entries {
            let record = CompactRecord(detail: detail, names: catalog.text.names[detail.id], genus: catalog.text.genera[detail.id])
            try store(PokeAPIResources.detailPath(detail.id), CompactRecord.encode(record))
        }
        let entries = catalog.entries.map { NamedEntry(id: $0.id, name: $0.name) }
        try store(PokeAPIResources.nameIndexPath, CompactIndex.encode(PokemonIndexPage(count: entries.count, entries: entries)))
        for offset in stride(from: 0, to: entries.count, by: max(1, pageSize)) {
            let page = PokemonIndexPage(count: entries.count, entries: Array(entries.page(limit: pageSize, offset: offset)))
            try store(PokeAPIResources.indexPath(limit: pageSize, offset: offset), CompactIndex.encode(page))
        }
    }
}
