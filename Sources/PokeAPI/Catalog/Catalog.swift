import PokedexModels

/// A whole dex held in memory, in dex order: the embedded first 151 or a CSV dump's 1025.
/// Both answer queries through the same code (`PokemonClient.catalog`).
public struct Catalog: Equatable, Sendable {
    /// Every Pokémon, sorted by id.
    public let entries: [PokemonDetail]
    private let positionByID: [Int: Int]
    /// Each entry's `NameSearch.key`, made once rather than per query.
    private let searchableNames: [[UInt8]]

    public init(_ details: [PokemonDetail]) {
        entries = details.sorted { $0.id < $1.id }
        positionByID = Dictionary(entries.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        searchableNames = entries.map { NameSearch.key($0.name) }
    }

    public func detail(id: Int) -> PokemonDetail? {
        positionByID[id].map { entries[$0] }
    }

    /// Rows whose name contains `query.search` (ignoring case) and that have `query.type`.
    public func matching(_ query: PokemonQuery) -> [PokemonDetail] {
        matchingPositions(query).map { entries[$0] }
    }

    /// `limit` rows from `offset` of the matching rows, with how many match in all. Only the
    /// page's entries are copied: copying every match (each retains a dozen strings and
    /// arrays) was ~9% of the server's browse CPU over the 1025 of a CSV dump.
    public func page(_ query: PokemonQuery, limit: Int, offset: Int) -> PokemonPage {
        if query.isEmpty {
            return PokemonPage(pokemon: entries.page(limit: limit, offset: offset).map(\.pokemon), totalCount: entries.count)
        }
        let positions = matchingPositions(query)
        return PokemonPage(pokemon: positions.page(limit: limit, offset: offset).map { entries[$0].pokemon }, totalCount: positions.count)
    }

    private func matchingPositions(_ query: PokemonQuery) -> [Int] {
        let search = NameSearch(query.search)
        return entries.indices.filter { position in
            (search.isEmpty || search.matches(key: searchableNames[position]))
                && (query.type.map(entries[position].types.contains) ?? true)
        }
    }
}

extension Array {
    /// At most `limit` elements from `offset`; empty past the end or for negative arguments.
    func page(limit: Int, offset: Int) -> ArraySlice<Element> {
        guard limit > 0, offset >= 0, offset < count else { return [] }
        return self[offset..<Swift.min(count, offset + limit)]
    }
}
