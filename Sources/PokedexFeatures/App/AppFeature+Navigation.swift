import Composable
import FavoritesClient
import PokedexModels

extension AppFeature.State {
    /// Makes the navigation show `screens`, keeping the screens already shown that match (and
    /// their loaded data); returns the index of the first screen that is new.
    mutating func navigate(to screens: [Screen]) -> Int {
        let current = self.screens
        var kept = 0
        while kept < min(current.count, screens.count), current[kept] == screens[kept] { kept += 1 }
        if kept == 0 {
            path.removeAll()
            switch screens.first {
            case let .pokemon(id): destination = .detail(detailState(id: id))
            case .favorites: destination = .favorites(FavoritesFeature.State(listID: account.activeListID, locale: locale))
            case .type, nil: destination = nil
            }
        } else if kept - 1 < path.count, let firstRemoved = path.ids.dropFirst(kept - 1).first {
            path.pop(from: firstRemoved)
        }
        for screen in screens.dropFirst(max(kept, 1)) {
            switch screen {
            case let .pokemon(id): path.append(.detail(detailState(id: id)))
            case let .type(type): path.append(.type(PokemonTypeFeature.State(type: type, locale: locale)))
            case .favorites: break  // Only ever first; Route rejects it elsewhere.
            }
        }
        return kept
    }

    /// A detail opened from a link, before its row data is known.
    private func detailState(id: Int) -> PokemonDetailFeature.State {
        let known = list.rows[id: id] ?? Pokemon(id: id, name: "", types: [])
        return PokemonDetailFeature.State(pokemon: known, favorites: favorites, locale: locale)
    }

    /// `localeChanged` for every screen above the list.
    func localeChangedActions(_ locale: AppLocale) -> [Effect<AppFeature.Action>] {
        var effects: [Effect<AppFeature.Action>] = []
        switch destination {
        case .detail: effects.append(.send(.destination(.presented(.detail(.localeChanged(locale))))))
        case .favorites: effects.append(.send(.destination(.presented(.favorites(.localeChanged(locale))))))
        case nil: break
        }
        for entry in path.entries {
            switch entry.element {
            case .type: effects.append(.send(.path(.element(id: entry.id, action: .type(.localeChanged(locale))))))
            case .detail: effects.append(.send(.path(.element(id: entry.id, action: .detail(.localeChanged(locale))))))
            }
        }
        return effects
    }

    /// `onAppear` for every screen from index `start` on.
    func appearActions(from start: Int) -> [Effect<AppFeature.Action>] {
        var effects: [Effect<AppFeature.Action>] = []
        if start == 0 {
            switch destination {
            case .detail: effects.append(.send(.destination(.presented(.detail(.onAppear)))))
            case .favorites: effects.append(.send(.destination(.presented(.favorites(.onAppear)))))
            case nil: break
            }
        }
        for (index, entry) in path.entries.enumerated() where index + 1 >= start {
            switch entry.element {
            case .type: effects.append(.send(.path(.element(id: entry.id, action: .type(.onAppear)))))
            case .detail: effects.append(.send(.path(.element(id: entry.id, action: .detail(.onAppear)))))
            }
        }
        return effects
    }

    /// Makes `listID` the active list: its favorites become every screen's stars.
    mutating func activate(listID: String, _ client: FavoritesClient) {
        guard account.lists.wrappedValue.contains(where: { $0.id == listID }) else { return }
        account.activeListID = listID
        favorites = client.favorites(listID)
        list.favorites = favorites
        switch destination {
        case var .detail(detail):
            detail.favorites = favorites
            destination = .detail(detail)
        case var .favorites(view):
            view.listID = listID
            view.invite = nil
            view.roster = client.roster(listID)
            view.activity = client.activity(listID)
            view.memberLimit = ListRoster.shownMembers
            destination = .favorites(view)
        case nil:
            break
        }
        for entry in path.entries {
            guard case var .detail(detail) = entry.element else { continue }
            detail.favorites = favorites
            path.replace(id: entry.id, with: .detail(detail))
        }
    }
}

extension AppFeature.State {
    /// The active list's members and invites, while the Favorites view shows them.
    /// The part the lists feature reduces: it changes only the alert.
    var memberships: ListsFeature.State {
        get { ListsFeature.State(account: account, alert: alert, locale: locale, shownRoster: shownRoster) }
        set { alert = newValue.alert }
    }

    public var shownRoster: ListRoster? {
        guard case let .favorites(view) = destination else { return nil }
        return view.roster?.wrappedValue
    }

    /// Who added each favorite and the latest events, while the Favorites view shows them.
    public var shownActivity: ListActivity? {
        guard case let .favorites(view) = destination else { return nil }
        return view.activity?.wrappedValue
    }

    /// The Favorites view's order, while it is shown.
    public var shownFavoritesSort: FavoritesSort? {
        guard case let .favorites(view) = destination else { return nil }
        return view.sort
    }
}
