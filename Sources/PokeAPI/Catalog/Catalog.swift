import PokedexModels
import Synchronization

/// A whole dex held in memory, in dex order: the embedded first 151 or a CSV dump's 1025.
/// Both answer queries through the same code (`PokemonClient.catalog`).
public struct Catalog: Equatable, Sendable {
    /// Every Pokémon as the source states it (its PokeAPI identifier as `name`, ability
    /// identifiers, the English genus), sorted by id; `detail(id:locale:)` gives it localized.
    public var entries: [PokemonDetail] { storage.entries }
    /// Names, genera, abilities and types in each language.
    public var text: CatalogText { storage.text }
    /// One reference: a catalog is copied into every client and query, and a copy of each
    /// table on its own retained them one by one.
    private let storage: Storage

    private final class Storage: Sendable {
        let entries: [PokemonDetail]
        let text: CatalogText
        let positionByID: [Int: Int]
        /// Each entry's `NameSearch.key` of all its names, made once rather than per query.
        let searchableNames: [[UInt8]]
        /// Each entry's id, read by a number search without touching the entry.
        let ids: [Int]
        /// Each entry's row in each language (English, then Spanish), made once.
        let rows: [[Pokemon]]
        /// The unfiltered list's pages of `PokemonPage.rowCount` rows in each language, made
        /// once: nearly every page a session loads is one of them (a page more of the whole
        /// dex), and each was copied row by row (every row's references retained) for each
        /// request, then dropped for the equal page `RecentPages` handed out instead.
        let pages: [[[Pokemon]]]
        /// Each entry localized in each language (English, then Spanish), made once: details
        /// are opened all the time, and each one was localized again (its names, genus and
        /// abilities copied) for every session that opened it.
        let details: [[PokemonDetail]]
        /// The positions the last query with a search or a type matched: a search's page more
        /// asks the same query again, and filtering the whole catalog each time was a visible
        /// part of a search's and of its pages' reduction. Positions do not depend on the
        /// locale (a search matches every language's names).
        let lastMatch = Mutex<MatchedPositions?>(nil)

        init(_ details: [PokemonDetail], text: CatalogText) {
            let sorted = details.sorted { $0.id < $1.id }
            entries = sorted
            self.text = text
            positionByID = Dictionary(sorted.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
            searchableNames = sorted.map { NameSearch.key(text.searchNames($0)) }
            ids = sorted.map(\.id)
            rows = [AppLocale.en, .es].map { locale in sorted.map { text.row($0, locale) } }
            pages = rows.map { rows in
                stride(from: 0, to: rows.count, by: PokemonPage.rowCount).map { Array(rows.page(limit: PokemonPage.rowCount, offset: $0)) }
            }
            self.details = [AppLocale.en, .es].map { locale in sorted.map { text.localized($0, locale) } }
        }
    }

    public init(_ details: [PokemonDetail], text: CatalogText = CatalogText()) {
        storage = Storage(details, text: text)
    }

    /// Where Pokémon `id` is in `entries` (the first with that id, as in `positionByID`). A dex
    /// numbers its Pokémon from 1 without gaps up to its forms, so `id` nearly always sits at
    /// `id - 1` (read from `ids`, sorted: the first there unless the one before has it too): a
    /// detail is opened on most actions, and hashing its id into the table was most of its lookup.
    private func position(of id: Int) -> Int? {
        let ids = storage.ids
        if id >= 1, id <= ids.count, ids[id - 1] == id, id == 1 || ids[id - 2] != id { return id - 1 }
        return storage.positionByID[id]
    }

    public static func == (lhs: Catalog, rhs: Catalog) -> Bool {
        lhs.entries == rhs.entries && lhs.text == rhs.text
    }

    /// Pokémon `id` as the source states it (see `entries`).
    public func entry(id: Int) -> PokemonDetail? {
        position(of: id).map { entries[$0] }
    }

    /// Pokémon `id` with its names, genus and abilities in `locale`.
    public func detail(id: Int, locale: AppLocale = .en) -> PokemonDetail? {
        position(of: id).map { details(locale)[$0] }
    }

    /// The row of Pokémon `id`, named in `locale`.
    public func row(id: Int, locale: AppLocale = .en) -> Pokemon? {
        position(of: id).map { rows(locale)[$0] }
    }

    /// Rows matching `query.search` (`NameSearch`) that have `query.type`, named in `query.locale`.
    public func matching(_ query: PokemonQuery) -> [Pokemon] {
        let rows = rows(query.locale)
        return matchingPositions(query).map { rows[$0] }
    }

    /// `limit` rows from `offset` of the matching rows, with how many match in all. Only the
    /// page's rows are copied: copying every match was a measurable share of the server's
    /// browse CPU over the 1025 of a CSV dump.
    public func page(_ query: PokemonQuery, limit: Int, offset: Int) -> PokemonPage {
        let rows = rows(query.locale)
        if query.isEmpty {
            if limit == PokemonPage.rowCount, offset % limit == 0, offset >= 0, offset < rows.count {
                return PokemonPage(pokemon: pages(query.locale)[offset / limit], totalCount: entries.count)
            }
            return PokemonPage(pokemon: Array(rows.page(limit: limit, offset: offset)), totalCount: entries.count)
        }
        let positions = matchingPositions(query)
        return PokemonPage(pokemon: positions.page(limit: limit, offset: offset).map { rows[$0] }, totalCount: positions.count)
    }

    /// Where a language's rows, pages and details are in `Storage`'s tables.
    private static func slot(_ locale: AppLocale) -> Int {
        switch locale {
        case .en: 0
        case .es: 1
        }
    }

    private func rows(_ locale: AppLocale) -> [Pokemon] { storage.rows[Self.slot(locale)] }

    private func pages(_ locale: AppLocale) -> [[Pokemon]] { storage.pages[Self.slot(locale)] }

    private func details(_ locale: AppLocale) -> [PokemonDetail] { storage.details[Self.slot(locale)] }

    /// The positions of the entries `query` matches, in order: the last query's when it is
    /// this one (`Storage.lastMatch`), else filtered (and then the last query's).
    private func matchingPositions(_ query: PokemonQuery) -> [Int] {
        let last = storage.lastMatch.withLock { $0 }
        if let last, last.search == query.search, last.type == query.type { return last.positions }
        let positions = filteredPositions(query)
        storage.lastMatch.withLock { $0 = MatchedPositions(search: query.search, type: query.type, positions: positions) }
        return positions
    }

    private func filteredPositions(_ query: PokemonQuery) -> [Int] {
        let search = NameSearch(query.search)
        let storage = self.storage
        return storage.entries.indices.filter { position in
            (search.isEmpty || search.matches(id: storage.ids[position], key: storage.searchableNames[position]))
                && (query.type.map { storage.entries[position].types.contains($0) } ?? true)
        }
    }
}

/// The positions a query (its search and type) matched, shared by every thread that asks it.
private final class MatchedPositions: Sendable {
    let search: String
    let type: String?
    let positions: [Int]

    init(search: String, type: String?, positions: [Int]) {
        self.search = search
        self.type = type
        self.positions = positions
    }
}

extension Array {
    /// At most `limit` elements from `offset`; empty past the end or for negative arguments.
    func page(limit: Int, offset: Int) -> ArraySlice<Element> {
        guard limit > 0, offset >= 0, offset < count else { return [] }
        return self[offset..<Swift.min(count, offset + limit)]
    }
}
