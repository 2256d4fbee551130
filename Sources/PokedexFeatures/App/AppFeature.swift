import Composable
import FavoritesClient
import PokedexModels
import PokemonClient

/// The root of a session: the list, the presented detail or Favorites view, the drill-down
/// stack above it, the signed-in account and its active favorites list.
public struct AppFeature: Reducer, Sendable {
    public struct State: Equatable, Sendable {
        public var list: PokemonListFeature.State
        @PresentationState public var destination: Destination.State?
        public var path = StackState<Path.State>()
        /// A message shown once, e.g. for a link that does not lead anywhere.
        public var notice: String?
        public var account: Account
        /// The active list's favorites: every star on every screen.
        public var favorites: Shared<Set<Int>>
        /// Out of line (`Boxed`): nearly always nil, and inline it made every state larger.
        @Boxed public var alert: ConfirmationAlert?
        /// An invite from the link the session opened with, accepted on appear.
        public var pendingJoinCode: String?
        /// The session's language: names and data, notices and alerts (`setLocale`).
        public var locale: AppLocale

        public init(account: Account, favorites: Shared<Set<Int>>, locale: AppLocale = .en) {
            self.account = account
            self.favorites = favorites
            self.locale = locale
            self.list = PokemonListFeature.State(favorites: favorites, locale: locale)
        }

        /// The state a route leads to; an invalid route (or one naming a Pokémon not in
        /// `pokemonIDs`) lands on the list with a notice, one deeper than `Route.maxScreens`
        /// on its first screens with a notice.
        public init(
            route: String, account: Account, favorites: Shared<Set<Int>>, pokemonIDs: PokemonIDs = .anyPositive,
            locale: AppLocale = .en
        ) {
            self.init(account: account, favorites: favorites, locale: locale)
            if let code = Route.joinCode(from: route) {
                pendingJoinCode = code
                return
            }
            guard let parsed = Route.parse(route, pokemonIDs: pokemonIDs) else {
                notice = Strings.nothingAt(route, showingList: true, locale)
                return
            }
            _ = navigate(to: parsed.screens)
            if parsed.isTruncated { notice = Strings.truncated(locale) }
        }

        /// The screens on top of the list, bottom first.
        public var screens: [Screen] {
            var screens: [Screen] = []
            switch destination {
            case let .detail(detail): screens.append(.pokemon(detail.pokemon.id))
            case .favorites: screens.append(.favorites)
            case nil: break
            }
            screens.append(contentsOf: path.elements.map(\.screen))
            return screens
        }

        /// The URL of what is on screen.
        public var route: String { Route.path(for: screens) }

        /// The presentation as a key path to the stored wrapper, for `ifLet`: `\.$destination` is
        /// a computed key path, through which the key-path runtime copied the whole state on
        /// every modify (every dismiss and every action of the presented child).
        static var presentation: WritableKeyPath<State, PresentationState<Destination.State>> { \._destination }
    }

    /// Boxed (`indirect`): every reducer of the root's body tests the action for its own case
    /// (six case paths and the core's switch), and each test copied the whole action (187 bytes
    /// inline, its largest payload a pushed screen's state) and destroyed the copy; boxed, a
    /// copy is one retain. Making one costs an allocation, once per action.
    public indirect enum Action: Equatable, Sendable {
        /// The session started: load what is on screen.
        case onAppear
        case list(PokemonListFeature.Action)
        case destination(PresentationAction<Destination.Action>)
        case path(StackAction<Path.State, Path.Action>)
        /// The browser's URL changed (back, forward, a pasted link).
        case navigate(route: String)
        case dismissNotice
        case favoritesTapped
        case selectList(id: String)
        case rename(String)
        case renamed(User)
        case joined(FavoritesList)
        case favoritesFailed(String)
        /// A star's intent, from every screen (list, detail, stacked detail, type, Favorites):
        /// make Pokémon `id` a favorite of the list `listID` (`on`), or not. It names both, so
        /// it means the same whenever it arrives: replayed after a reconnect, after the user
        /// went to another screen or made another list active.
        case favoriteSet(listID: String, id: Int, on: Bool)
        /// The user stopped being a member of a list (left in another tab, or removed): every
        /// session drops it at once.
        case listAccessLost(listID: String, listName: String, ListAccessLoss)
        case alert(AlertAction)
        /// The language chosen in the header: every screen is named in it from now on.
        case setLocale(AppLocale)
        /// Revert the user's own latest star in the active list (again: the one before it).
        case undo
        /// What the undo reverted; nil when there was nothing left to undo.
        case undone(UndoneStar?)
        /// Named lists, roles and memberships, and the alert confirming them (`ListsFeature`).
        case lists(ListsFeature.Action)
        /// Sign-in codes for other devices, signing out (`AccountFeature`).
        case account(AccountFeature.Action)

        public enum AlertAction: Equatable, Sendable {
            case confirm
            case cancel
        }
    }

    @Dependency(FavoritesClient.self) var favoritesClient
    @Dependency(PokemonClient.self) var pokemonClient

    public init() {}

    /// The body, built once: it depends on nothing but the type (dependencies are read while
    /// reducing), and building it on every action cost each action (docs/INTERNALS.md).
    nonisolated(unsafe) private static let composed: some Reducer<State, Action> = AppFeature().body

    public func reduce(into state: inout State, action: Action) -> Effect<Action> {
        Self.composed.reduce(into: &state, action: action)
    }

    public var body: some Reducer<State, Action> {
        Scope(state: \.list, action: Action.Cases.list) { PokemonListFeature() }
        Scope(state: \.account, action: Action.Cases.account) { AccountFeature() }
        Scope(state: \.memberships, action: Action.Cases.lists) { ListsFeature() }
        // The alert is the root's on the wire (`alert.*`): it shows over every screen.
        Scope(state: \.memberships, action: Action.Cases.alert) { ListsFeature() }
        Reduce(core)
            .ifLet(State.presentation, action: Action.Cases.destination) { Destination() }
            .forEach(\.path, action: Action.Cases.path) { Path() }
    }

    private func core(into state: inout State, action: Action) -> Effect<Action> {
        switch action {
        case .onAppear:
            var effects = [Effect<Action>.send(.list(.onAppear))] + state.appearActions(from: 0)
            if let code = state.pendingJoinCode {
                state.pendingJoinCode = nil
                effects.append(join(code, state.locale))
            }
            return .merge(effects)

        case let .list(.rowTapped(pokemon)):
            state.path.removeAll()
            state.destination = .detail(PokemonDetailFeature.State(pokemon: pokemon, favorites: state.favorites, locale: state.locale))
            return .send(.destination(.presented(.detail(.onAppear))))

        case let .destination(.presented(.detail(.delegate(.showType(type))))):
            return push(.type(PokemonTypeFeature.State(type: type, locale: state.locale)), onto: &state)

        case let .destination(.presented(.favorites(.delegate(delegate)))):
            return favoritesDelegate(delegate, &state)

        case let .favoriteSet(listID, id, on):
            return setFavorite(listID, id, on)

        case .undo:
            let listID = state.account.activeListID
            return .run { [favoritesClient] send in
                await send(.undone(try await favoritesClient.undo(listID)))
            } catch: { _, _ in }

        case let .undone(star):
            if star == nil { state.notice = Strings.nothingToUndo(state.locale) }
            return .none

        case let .listAccessLost(listID, listName, loss):
            if state.account.activeListID == listID, let personal = state.account.lists.wrappedValue.first {
                state.activate(listID: personal.id, favoritesClient)
            }
            if case let .favorites(view) = state.destination, view.listID == listID || view.listID == state.account.activeListID {
                state.path.removeAll()
                state.destination = nil
            }
            state.alert = nil
            state.notice = Strings.accessLost(loss, listName, state.locale)
            return .none

        case let .path(.element(_, .type(.delegate(.showPokemon(pokemon))))):
            return push(.detail(PokemonDetailFeature.State(pokemon: pokemon, favorites: state.favorites, locale: state.locale)), onto: &state)

        case let .path(.element(_, .detail(.delegate(.showType(type))))):
            return push(.type(PokemonTypeFeature.State(type: type, locale: state.locale)), onto: &state)

        case let .navigate(route):
            if let code = Route.joinCode(from: route) { return join(code, state.locale) }
            guard let parsed = Route.parse(route, pokemonIDs: pokemonClient.pokemonIDs) else {
                state.notice = Strings.nothingAt(route, showingList: false, state.locale)
                return .none
            }
            let firstNew = state.navigate(to: parsed.screens)
            if parsed.isTruncated { state.notice = Strings.truncated(state.locale) }
            return .merge(state.appearActions(from: firstNew))

        case .dismissNotice:
            state.notice = nil
            return .none

        case .favoritesTapped:
            state.path.removeAll()
            state.destination = .favorites(FavoritesFeature.State(listID: state.account.activeListID, locale: state.locale))
            return .send(.destination(.presented(.favorites(.onAppear))))

        case let .selectList(id):
            state.activate(listID: id, favoritesClient)
            return .none

        case let .rename(name):
            return .run { [favoritesClient] send in
                await send(.renamed(try await favoritesClient.rename(name)))
            } catch: { [locale = state.locale] error, send in
                await send(.favoritesFailed(Strings.failure(error, locale)))
            }

        case let .renamed(user):
            state.account.me = user
            return .none

        case let .joined(list):
            state.activate(listID: list.id, favoritesClient)
            state.path.removeAll()
            state.destination = .favorites(FavoritesFeature.State(listID: list.id, locale: state.locale))
            state.notice = Strings.joined(list.name, state.locale)
            return .send(.destination(.presented(.favorites(.onAppear))))

        case let .favoritesFailed(message):
            state.notice = message
            return .none

        case let .setLocale(locale):
            guard locale != state.locale else { return .none }
            state.locale = locale
            return .merge([.send(.list(.localeChanged(locale)))] + state.localeChangedActions(locale))

        case let .lists(.delegate(delegate)):
            return listsDelegate(delegate, &state)

        case .list, .destination, .path, .lists, .alert:
            return .none

        case .account:
            return .none
        }
    }

    private func favoritesDelegate(_ delegate: FavoritesFeature.Action.Delegate, _ state: inout State) -> Effect<Action> {
        switch delegate {
        case let .showPokemon(id):
            let known = state.list.rows[id: id] ?? Pokemon(id: id, name: "", types: [])
            return push(.detail(PokemonDetailFeature.State(pokemon: known, favorites: state.favorites, locale: state.locale)), onto: &state)
        case let .confirmRemoval(userID):
            return .send(.lists(.askToRemove(member: userID)))
        case .confirmLeave:
            return .send(.lists(.askToLeave))
        }
    }

    private func listsDelegate(_ delegate: ListsFeature.Action.Delegate, _ state: inout State) -> Effect<Action> {
        switch delegate {
        case let .activate(listID):
            state.activate(listID: listID, favoritesClient)
        case let .left(listID):
            if state.account.activeListID == listID, let personal = state.account.lists.wrappedValue.first {
                state.activate(listID: personal.id, favoritesClient)
            }
        case let .failed(message):
            state.notice = message
        }
        return .none
    }

    private func join(_ code: String, _ locale: AppLocale) -> Effect<Action> {
        .run { [favoritesClient] send in
            await send(.joined(try await favoritesClient.join(code)))
        } catch: { error, send in
            await send(.favoritesFailed(Strings.failure(error, locale)))
        }
    }

    /// A star's intent, sent to the list it names as it is (never a toggle of what this session
    /// shows: two members starring one Pokémon agree), whatever is on screen now and whichever
    /// list is active. The state changes when the commit comes back through the shared
    /// favorites (only the active list's are shown); a refusal is the session's to report (an
    /// `error` frame for the action), and changes nothing.
    private func setFavorite(_ listID: String, _ id: Int, _ isFavorite: Bool) -> Effect<Action> {
        .run { [favoritesClient] _ in
            try await favoritesClient.setFavorite(listID, id, isFavorite)
        } catch: { _, _ in }
    }

    /// Pushes a drill-down screen. On a full stack (`Route.maxScreens`) nothing is pushed and
    /// a notice says why: the screens the user came through stay as they were, and going
    /// back makes room (dropping the oldest would change the bottom screen under them).
    private func push(_ screen: Path.State, onto state: inout State) -> Effect<Action> {
        guard state.screens.count < Route.maxScreens else {
            state.notice = Strings.fullStack(state.locale)
            return .none
        }
        state.path.append(screen)
        return .merge(state.appearActions(from: state.screens.count - 1))
    }
}

extension AppFeature.Action {
    enum Cases {
        static let list = CasePath(AppFeature.Action.list) { if case let .list(a) = $0 { a } else { nil } }
        static let destination = CasePath(AppFeature.Action.destination) {
            if case let .destination(a) = $0 { a } else { nil }
        }
        static let path = CasePath(AppFeature.Action.path) { if case let .path(a) = $0 { a } else { nil } }
        static let account = CasePath(AppFeature.Action.account) { if case let .account(a) = $0 { a } else { nil } }
        static let lists = CasePath(AppFeature.Action.lists) { if case let .lists(a) = $0 { a } else { nil } }
        /// The root's `alert` actions, as the lists feature's; what that feature sends back
        /// comes as `lists`.
        static let alert = CasePath<AppFeature.Action, ListsFeature.Action>(AppFeature.Action.lists) {
            if case let .alert(a) = $0 { .alert(a) } else { nil }
        }
    }
}
