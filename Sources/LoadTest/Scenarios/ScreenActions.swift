import StateSync
import WireContract

/// Actions a user takes on what their copy of the screen shows: shared by the browse walk and
/// the moves of a scenario file, each built by the wire contract's `ActionTable`.
enum ScreenActions {
    /// Ids every catalog has (the embedded one holds the first 151).
    static let detailRange = 1...151

    static let scroll = ActionTable.action("list.reachedEnd")
    static let dismiss = ActionTable.action("destination.dismiss")

    /// Whether the list has a next page to load now.
    static func canScroll(_ list: JSONValue?) -> Bool {
        list?["canLoadMore"] == true && list?["isLoadingMore"] == false
    }

    /// The id of a random row on screen, drawn as `randomElement` would draw from all pages'
    /// rows in one array, without building that array (a copy of every row was a fifth of the
    /// scheduler).
    /// Whether `list` shows the row `id` on one of its pages.
    static func shows(row id: Int, _ list: JSONValue?) -> Bool {
        (list?["pages"]?.arrayValue ?? []).contains { page in
            (page.arrayValue ?? []).contains { $0["id"]?.intValue == id }
        }
    }

    static func randomRowID(_ list: JSONValue?, using generator: inout some RandomNumberGenerator) -> Int? {
        let pages = (list?["pages"]?.arrayValue ?? []).map { $0.arrayValue ?? [] }
        let count = pages.reduce(0) { $0 + $1.count }
        guard count > 0 else { return nil }
        var index = Int.random(in: 0..<count, using: &generator)
        for rows in pages {
            guard index >= rows.count else { return rows[index]["id"]?.intValue }
            index -= rows.count
        }
        return nil
    }

    static func open(_ id: Int) -> JSONValue { ActionTable.action("list.rowTapped", ["id": .int(id)]) }
    /// The row's star the other way from how `state` shows it, in the list it shows active.
    static func star(_ id: Int, in state: JSONValue) -> JSONValue {
        setStar(id, on: state["favorites"]?[String(id)] != true, list: activeList(in: state))
    }

    /// A star's intent: the one `favoriteSet` every screen sends, naming its list and Pokémon.
    static func setStar(_ id: Int, on: Bool, list: String) -> JSONValue {
        ActionTable.action("favoriteSet", ["list": .string(list), "id": .int(id), "on": .bool(on)])
    }

    /// The id of the list `state` shows active.
    static func activeList(in state: JSONValue) -> String { state["lists"]?["active"]?.stringValue ?? "" }

    /// A back/forward to a random detail by its URL.
    static func navigateToDetail(using generator: inout some RandomNumberGenerator) -> JSONValue {
        ActionTable.action("navigate", ["route": .string("/pokemon/\(Int.random(in: detailRange, using: &generator))")])
    }

    /// Searches "pi", or clears the search when there is one.
    static func toggleSearch(_ list: JSONValue?) -> JSONValue {
        ActionTable.action("list.binding", ["search": .string(list?["search"] == "" ? "pi" : "")])
    }
}
