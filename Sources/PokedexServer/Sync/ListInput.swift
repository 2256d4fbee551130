import Composable
import PokedexFeatures
import PokedexModels

/// What a session's list JSON was built from, for its memo (`SessionProjection`): the list's
/// fields, and its rows by count and revision (`IdentifiedArray.revision`), not the rows.
/// Holding the rows made the reducer's next page more copy every row and the id index (its
/// append not unique), and the projection then free the old copy.
struct ListInput: Equatable {
    // The list's fields but its rows, each kept on its own: a copy of the whole state with its
    // rows then emptied retained the rows (their array and id index) only to release them and
    // make an empty array, for every list built. Every stored property of the state but `rows`
    // (`ListInputTests` checks that none is left out).
    private var loadState: LoadState<Int>
    private var isLoadingMore: Bool
    private var loadMoreError: String?
    private var search: String
    private var typeFilter: String?
    private var favorites: Shared<Set<Int>>
    private var locale: AppLocale
    private var rowCount: Int
    private var rowsRevision: UInt64
    /// The rows, only when there are some of an unknown revision (0: changed other than by a
    /// build or an append), which the list's reducer does not make.
    private var unnumberedRows: IdentifiedArray<Int, Pokemon>?

    init(_ list: PokemonListFeature.State) {
        loadState = list.loadState
        isLoadingMore = list.isLoadingMore
        loadMoreError = list.loadMoreError
        search = list.search
        typeFilter = list.typeFilter
        favorites = list.favorites
        locale = list.locale
        rowCount = list.rows.count
        rowsRevision = list.rows.revision
        if rowCount > 0, rowsRevision == 0 { unnumberedRows = list.rows }
    }

    /// Whether `list` has the search and the type filter this was made from (what a saved
    /// screen keeps of a list).
    func hasSameSearchAndFilter(as list: PokemonListFeature.State) -> Bool {
        search == list.search && typeFilter == list.typeFilter
    }

    /// Whether `list` is the list this was made from: its rows of the same revision (or, when
    /// unnumbered, equal), its other fields equal. Rows equal to these under another revision
    /// count as changed (the list is built again, to the same JSON).
    func isInput(of list: PokemonListFeature.State) -> Bool {
        // Rows of a revision by the revision alone, which lies in the state: equal non-zero
        // revisions are equal rows, so their count agrees unread (it lies in the rows'
        // storage, a line no other part of an action that leaves the rows alone reads).
        if rowsRevision != 0 {
            guard list.rows.revision == rowsRevision else { return false }
        } else {
            guard list.rows.count == rowCount else { return false }
            if let unnumberedRows {
                guard list.rows == unnumberedRows else { return false }
            }
        }
        return loadState == list.loadState && isLoadingMore == list.isLoadingMore && loadMoreError == list.loadMoreError
            && search == list.search && typeFilter == list.typeFilter && favorites == list.favorites && locale == list.locale
    }
}
