import Composable
import PokedexModels

/// What a session shows, in the few fields that rebuild it: the seeds' promise that
/// restoring is deserializing the state. Saved (throttled) by the server, so a browser that
/// resumes on another process, or after a restart, gets the same screen back.
public struct RestorableState: Equatable, Sendable {
    public var route: String
    public var search: String
    public var typeFilter: String?
    public var activeListID: String
    public var locale: AppLocale
    /// The Favorites view's order (when the route shows it).
    public var favoritesSort: FavoritesSort

    public init(
        route: String, search: String = "", typeFilter: String? = nil, activeListID: String, locale: AppLocale = .en,
        favoritesSort: FavoritesSort = .number
    ) {
        self.favoritesSort = favoritesSort
        self.route = route
        self.search = search
        self.typeFilter = typeFilter
        self.activeListID = activeListID
        self.locale = locale
    }
}

extension AppFeature.State {
    /// The state as it would be restored.
    public var restorable: RestorableState { restorable(route: route) }

    /// `restorable`, given the state's `route` made already.
    public func restorable(route: String) -> RestorableState {
        RestorableState(
            route: route, search: list.search, typeFilter: list.typeFilter, activeListID: account.activeListID, locale: locale,
            favoritesSort: shownFavoritesSort ?? .number
        )
    }

    /// Restores a saved screen: the active list (when the user is still in it; its favorites
    /// come from `favorites(listID)`), the language, the list's search and filter, then the route.
    public init(
        restoring saved: RestorableState, account: Account, pokemonIDs: PokemonIDs = .anyPositive,
        favorites: (_ listID: String) -> Shared<Set<Int>>
    ) {
        var account = account
        let stillMember = account.lists.wrappedValue.contains { $0.id == saved.activeListID }
        if stillMember { account.activeListID = saved.activeListID }
        self.init(
            route: saved.route, account: account, favorites: favorites(account.activeListID), pokemonIDs: pokemonIDs,
            locale: saved.locale
        )
        list.search = String(saved.search.prefix(100))
        if let type = saved.typeFilter, PokemonTypes.all.contains(type) { list.typeFilter = type }
        if case var .favorites(view) = destination {
            view.sort = saved.favoritesSort
            destination = .favorites(view)
        }
    }
}

extension RestorableState {
    /// Whether `state` (with its `route` made already) restores as this: `restorable(route:)
    /// == self`, compared field by field in place. Most changes of a browsing session leave
    /// the screen as it was (a page more of the list, a detail's data), and building the
    /// screen to compare retained its strings only to release them.
    public func matches(_ state: AppFeature.State, route: String) -> Bool {
        self.route == route && search == state.list.search && typeFilter == state.list.typeFilter
            && activeListID == state.account.activeListID && locale == state.locale
            && favoritesSort == (state.shownFavoritesSort ?? .number)
    }

    /// Becomes `state.restorable(route: route)` by setting only the fields that differ: a
    /// browse changes the route alone, and building the whole screen retained each of its
    /// strings (the list's id, the search) to release the old ones, on every detail opened
    /// or closed. Beside `restorable(route:)` and `matches`: the three read the same fields.
    public mutating func update(to state: AppFeature.State, route: String) {
        if self.route != route { self.route = route }
        if search != state.list.search { search = state.list.search }
        if typeFilter != state.list.typeFilter { typeFilter = state.list.typeFilter }
        if activeListID != state.account.activeListID { activeListID = state.account.activeListID }
        locale = state.locale
        favoritesSort = state.shownFavoritesSort ?? .number
    }
}
