import Foundation
import Composable
import PokedexModels
import PokemonClient

/// The paginated, searchable list: loads the first page once, the next pages on reaching the
/// end, searches by name (debounced) and filters by type.
public struct PokemonListFeature: Reducer, Sendable {
    public static let pageSize = PokemonPage.rowCount
    public static let searchDebounce: Duration = .milliseconds(300)

    public struct State: Equatable, Sendable {
        /// The first page's load; once loaded, its value is the total count of matching rows.
        public var loadState: LoadState<Int> = .idle
        public var isLoadingMore = false
        /// Set when loading a further page failed; `retryTapped` tries again.
        public var loadMoreError: String?
        /// Bindable: the name search.
        public var search = ""
        /// Bindable: a type identifier, or nil for every type.
        public var typeFilter: String?
        public var favorites: Shared<Set<Int>>
        /// The language rows are named in.
        public var locale: AppLocale
        /// Last, so that `==` (in declaration order) compares every small field first: a list's
        /// shared JSON is looked up among lists other sessions showed, which often have the
        /// same rows in storage of their own and differ only in a flag or the search.
        public var rows = IdentifiedArray<Int, Pokemon>()

        public init(favorites: Shared<Set<Int>>, locale: AppLocale = .en) {
            self.favorites = favorites
            self.locale = locale
        }

        public var totalCount: Int { loadState.value ?? 0 }
        public var canLoadMore: Bool { loadState.value.map { rows.count < $0 } ?? false }
        public var query: PokemonQuery {
            PokemonQuery(search: Self.trimmed(search), type: typeFilter, locale: locale)
        }

        /// `search` without the blanks around it (`CharacterSet.whitespaces`). Foundation's
        /// trimming is asked only when an end of it is not a visible ASCII character (which is
        /// never blank): nearly every query (each page more) has no search at all, and
        /// building the set and walking the string was a visible part of a page more.
        static func trimmed(_ search: String) -> String {
            guard let first = search.utf8.first, let last = search.utf8.last else { return search }
            if isVisibleASCII(first), isVisibleASCII(last) { return search }
            return search.trimmingCharacters(in: .whitespaces)
        }

        private static func isVisibleASCII(_ byte: UInt8) -> Bool {
            (0x21...0x7E).contains(byte)
        }
    }

    public enum Action: Equatable, Sendable, BindableAction {
        case onAppear
        case reachedEnd
        case retryTapped
        case binding(BindingAction<State>)
        case searchDebounced
        case pageLoaded(offset: Int, PokemonPage)
        case pageFailed(offset: Int, String)
        case rowTapped(Pokemon)
        /// The session's language changed: the rows on screen are fetched again, named in it.
        case localeChanged(AppLocale)

        public var binding: BindingAction<State>? {
            if case let .binding(action) = self { action } else { nil }
        }
    }

    enum CancelID {
        case page, search
        /// Made once (`Effect.cancellable(id:)` with an `EffectID`): a page and a search are
        /// declared cancellable on many actions.
        static let pageID = EffectID(CancelID.page)
        static let searchID = EffectID(CancelID.search)
    }

    @Dependency(PokemonClient.self) var pokemonClient
    @Dependency(\.clock) var clock

    public init() {}

    /// The body, built once: it depends on nothing but the type (dependencies are read while
    /// reducing), and building it on every action cost each action (docs/INTERNALS.md).
    nonisolated(unsafe) private static let composed: some Reducer<State, Action> = PokemonListFeature().body

    public func reduce(into state: inout State, action: Action) -> Effect<Action> {
        Self.composed.reduce(into: &state, action: action)
    }

    public var body: some Reducer<State, Action> {
        BindingReducer()
        Reduce(core)
    }

    private func core(into state: inout State, action: Action) -> Effect<Action> {
        switch action {
        case .onAppear:
            guard case .idle = state.loadState else { return .none }
            return loadFirstPage(&state)

        case .reachedEnd:
            guard state.loadState.value != nil, state.canLoadMore, !state.isLoadingMore else { return .none }
            return loadMore(&state)

        case .retryTapped:
            if case .failed = state.loadState { return loadFirstPage(&state) }
            guard state.loadMoreError != nil else { return .none }
            return loadMore(&state)

        case let .binding(binding):
            if binding.keyPath == \State.search {
                // A delayed send, not a task that sleeps: on the server's clock a timer of the
                // session's thread, no task to start, wake and end per keystroke.
                return .send(.searchDebounced, after: Self.searchDebounce, clock: clock)
                    .cancellable(id: CancelID.searchID, cancelInFlight: true)
            }
            if binding.keyPath == \State.typeFilter {
                return .merge(.cancel(id: CancelID.searchID), loadFirstPage(&state))
            }
            return .none

        case .searchDebounced:
            return loadFirstPage(&state)

        case let .pageLoaded(offset, page):
            if offset == 0 {
                state.rows = IdentifiedArray(page.pokemon)
            } else {
                state.rows.append(contentsOf: page.pokemon)
            }
            state.loadState = .loaded(page.totalCount)
            state.isLoadingMore = false
            return .none

        case let .pageFailed(offset, message):
            if offset == 0 {
                state.loadState = .failed(message)
            } else {
                state.isLoadingMore = false
                state.loadMoreError = message
            }
            return .none

        case .rowTapped:
            return .none  // The parent presents the detail.

        case let .localeChanged(locale):
            guard locale != state.locale else { return .none }
            state.locale = locale
            guard state.loadState.value != nil, !state.rows.isEmpty else { return loadFirstPage(&state) }
            // The same rows again, in place: what is on screen stays until the names arrive.
            state.isLoadingMore = false
            state.loadMoreError = nil
            return fetch(query: state.query, offset: 0, limit: max(Self.pageSize, state.rows.count))
        }
    }

    private func loadFirstPage(_ state: inout State) -> Effect<Action> {
        state.loadState = .loading
        state.isLoadingMore = false
        state.loadMoreError = nil
        return fetch(query: state.query, offset: 0)
    }

    private func loadMore(_ state: inout State) -> Effect<Action> {
        state.isLoadingMore = true
        state.loadMoreError = nil
        return fetch(query: state.query, offset: state.rows.count)
    }

    /// One page request at a time: a new one (a new search, a filter) cancels the one in flight.
    /// A page the client holds in memory is loaded at once, without a task (`Effect.answered`).
    private func fetch(query: PokemonQuery, offset: Int, limit: Int = pageSize) -> Effect<Action> {
        let client = pokemonClient
        guard let pageInMemory = client.pageInMemory else {
            return Self.fetchTask(client, query, offset, limit).cancellable(id: CancelID.pageID, cancelInFlight: true)
        }
        // The task's effect is made only if the page is not in memory (`Effect.answered`).
        return Effect.answered(
            by: { pageInMemory(query, limit, offset).map { .pageLoaded(offset: offset, $0) } },
            otherwise: Self.fetchTask(client, query, offset, limit)
        )
        .cancellable(id: CancelID.pageID, cancelInFlight: true)
    }

    private static func fetchTask(_ client: PokemonClient, _ query: PokemonQuery, _ offset: Int, _ limit: Int) -> Effect<Action> {
        .run { send in
            let page = try await client.fetchList(query, limit, offset)
            await send(.pageLoaded(offset: offset, page))
        } catch: { error, send in
            await send(.pageFailed(offset: offset, userMessage(for: error, in: query.locale)))
        }
    }
}

/// The message a person sees for a failed request, in `locale`.
func userMessage(for error: any Error, in locale: AppLocale) -> String {
    if let error = error as? LocalizedMessage { return error.message(in: locale) }
    return Strings.somethingWentWrong(error, locale)
}
