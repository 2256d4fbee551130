import PokedexModels
import StateSync
import Synchronization

/// The client-visible JSON of a list's pages (arrays of rows' JSON, `RowJSONCache`'s), shared
/// by every session of the process: found by the page's rows.
///
/// Every browsing session scrolls through the same few pages. Each built its own array for
/// each page it loaded, retaining its rows' shared JSON one by one (lines every session's
/// thread writes). A shared page is one retain, one storage the diff passes by identity, and
/// one encoding (`EncodedJSONMemo`).
final class PageJSONCache: Sendable {
    private struct Entry {
        let rows: [Pokemon]
        let json: JSONValue
        /// The next entry whose first row is the same Pokémon, or -1.
        let next: Int
    }

    private struct Table {
        /// The first entry of the pages each Pokémon leads, in `entries`.
        var firstByID: [Int: Int] = [:]
        var entries: [Entry] = []
    }

    /// Past `capacity` pages the cache starts over (pages in use are built once more).
    private let capacity: Int
    private let table = Mutex(Table())
    private let rows: RowJSONCache
    /// Told each page built: patches carrying it copy its bytes.
    private let encodings: EncodedJSONMemo?

    init(rows: RowJSONCache, encodings: EncodedJSONMemo? = nil, capacity: Int = 1024) {
        self.rows = rows
        self.encodings = encodings
        self.capacity = capacity
    }

    /// The JSON of the page of `pokemon`: the one built for equal rows, else built (and kept).
    func json(for pokemon: ArraySlice<Pokemon>) -> JSONValue {
        guard let first = pokemon.first else { return Self.emptyPage }
        // Looked at in place: an entry copied out retained its rows and its JSON.
        let found = table.withLock { table -> JSONValue? in
            var position = table.firstByID[first.id] ?? -1
            while position >= 0 {
                if Self.areEqual(table.entries[position].rows, pokemon) { return table.entries[position].json }
                position = table.entries[position].next
            }
            return .none
        }
        if let found { return found }
        let json = JSONValue.array(rows.json(for: pokemon))
        let dropped = table.withLock { table -> [Entry] in
            var dropped: [Entry] = []
            if table.entries.count >= capacity {
                dropped = table.entries
                table.entries.removeAll(keepingCapacity: true)
                table.firstByID.removeAll(keepingCapacity: true)
            }
            let next = table.firstByID[first.id] ?? -1
            table.firstByID[first.id] = table.entries.count
            table.entries.append(Entry(rows: Array(pokemon), json: json, next: next))
            return dropped
        }
        // Pages vary with every search: the memo keeps only the pages kept here.
        if !dropped.isEmpty { encodings?.forget(dropped.lazy.map(\.json)) }
        encodings?.remember(json)
        return json
    }

    /// `rows.elementsEqual(pokemon)` as a loop over positions: the generic walk of two
    /// iterators is not specialized away, and every page a session shows is compared.
    private static func areEqual(_ rows: [Pokemon], _ pokemon: ArraySlice<Pokemon>) -> Bool {
        guard rows.count == pokemon.count else { return false }
        var position = pokemon.startIndex
        for row in rows {
            guard row == pokemon[position] else { return false }
            position += 1
        }
        return true
    }

    private static let emptyPage = JSONValue.array([])
}
