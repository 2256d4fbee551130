import Composable
import PokedexFeatures
import PokedexModels
import StateSync
import Synchronization

/// One session's projection to client state, remembering each part's input and JSON so an
/// unchanged part is reused as is. A star set by one member reaches thousands of sessions:
/// each then rebuilds only its favorites, and the diff skips every reused part at once (the
/// same storage compares equal without a walk).
final class SessionProjection: Sendable {
    fileprivate struct Memo<Input: Equatable> {
        var input: Input
        var json: JSONValue

        /// Whether the JSON was built from `input` (asked in place, like `json(ifBuiltFrom:)`).
        func isBuilt(from input: Input) -> Bool {
            self.input == input
        }

        /// The JSON when it was built from `input`. Asked of the memo in place: binding the
        /// memo first copied it, retaining every part of its input.
        func json(ifBuiltFrom input: Input) -> JSONValue? {
            // Not `? json : nil`: JSONValue is nil-expressible, so that nil would be `.null`.
            guard isBuilt(from: input) else { return .none }
            return json
        }
    }

    fileprivate struct ListsInput: Equatable {
        var lists: [ListSummary]
        var active: String
        var roster: ListRoster?
        var rows: Set<Int>?
        var locale: AppLocale
        var activity: ListActivity?
        var sort: FavoritesSort?

        init(_ state: AppFeature.State, lists: [ListSummary], favorites: Set<Int>) {
            self.lists = lists
            active = state.account.activeListID
            roster = state.shownRoster
            rows = state.isShowingFavorites ? favorites : nil
            locale = state.locale
            activity = state.shownActivity
            sort = state.shownFavoritesSort
        }

        /// `self == ListsInput(state, lists:, favorites:)`, without building the other input
        /// (which retained each of its parts, for every member of a fan-out).
        func isInput(of state: AppFeature.State, lists: [ListSummary], favorites: Set<Int>) -> Bool {
            guard self.lists == lists, active == state.account.activeListID, locale == state.locale else { return false }
            guard case .favorites = state.destination else { return roster == nil && rows == nil && activity == nil && sort == nil }
            return rows == favorites && roster == state.shownRoster && activity == state.shownActivity && sort == state.shownFavoritesSort
        }
    }

    private struct StackInput: Equatable {
        var ids: [StackElementID]
        var screens: [AppFeature.Path.State]
    }

    private struct Memos {
        var list: Memo<PokemonListFeature.State>?
        var listPages = ClientState.ListPages()
        var favorites: Memo<Set<Int>>?
        var lists: Memo<ListsInput>?
        var destination: Memo<AppFeature.Destination.State?>?
        var stack: Memo<StackInput>?
    }

    private let client: ClientState
    private let memos = Mutex(Memos())

    init(_ client: ClientState) {
        self.client = client
    }

    func project(_ state: AppFeature.State) -> JSONValue {
        project(state, route: state.route)
    }

    /// `project(state)`, given the state's `route` made already.
    func project(_ state: AppFeature.State, route: String) -> JSONValue {
        memos.withLock { memos in
            let shared = sharedParts(state, &memos)
            // Members, not a dictionary literal: every patch builds this object, and a literal
            // built an array of pairs to copy the members out of and free.
            return .object(JSONObject(members: [
                .init("route", .string(route)),
                .init("locale", .string(state.locale.rawValue)),
                .init("notice", JSONValue(state.notice)),
                .init("me", client.user(state.account.me)),
                .init("list", Self.memo(&memos.list, state.list) { list in
                    client.listJSON.json(for: list) { client.list($0, reusing: &memos.listPages) }
                }),
                .init("favorites", shared.favorites),
                .init("lists", shared.lists),
                .init("destination", Self.memo(&memos.destination, state.destination) { $0.map(client.destination) ?? .null }),
                .init("stack", Self.memo(&memos.stack, StackInput(ids: state.path.ids, screens: state.path.elements)) { _ in
                    .array(state.path.entries.map(ClientState.stackEntry))
                }),
                .init("alert", state.alert.map(ClientState.alert) ?? .null),
                .init("account", client.account(state.account)),
            ]))
        }
    }

    /// The parts of `project(state)` built from shared values (favorites, and the lists with
    /// their roster), for a state whose other parts are those of the last projection
    /// (`StateChange.sharedValues`). A star reaching thousands of members then costs each the
    /// two parts, not the comparison of every other part with its memo.
    ///
    /// A part whose memo answers for `state` is left out: it is what the last projection gave,
    /// and every projection is published or is the snapshot a browser gets, so it is what the
    /// session sent (by value). Returning it anyway retained each member's own lists JSON, on
    /// memory no other member touches, only for the diff to find it unchanged.
    func projectShared(_ state: AppFeature.State) -> [(key: String, value: JSONValue)] {
        // Keep `ownPartsOfSharedValues` in step with the parts returned here.
        memos.withLock { memos in
            let favorites = state.favorites.wrappedValue
            let lists = state.account.lists.wrappedValue
            var parts: [(key: String, value: JSONValue)] = []
            if memos.favorites?.isBuilt(from: favorites) != true {
                parts.append(("favorites", buildFavorites(favorites, &memos)))
            }
            if memos.lists?.isBuilt(fromInputOf: state, lists: lists, favorites: favorites) != true {
                parts.append(("lists", buildLists(state, lists: lists, favorites: favorites, &memos)))
            }
            return parts
        }
    }

    /// The parts of `projectShared` that are each session's own object (its lists) around
    /// members every session shares (`ClientState`'s roster, activity and rows caches):
    /// `PartsPatchMemo` keys these by their changed members.
    static let ownPartsOfSharedValues: Set<String> = ["lists"]

    private func sharedParts(_ state: AppFeature.State, _ memos: inout Memos) -> (favorites: JSONValue, lists: JSONValue) {
        let favorites = state.favorites.wrappedValue
        let lists = state.account.lists.wrappedValue
        let favoritesJSON = memos.favorites?.json(ifBuiltFrom: favorites) ?? buildFavorites(favorites, &memos)
        if let json = memos.lists?.json(ifInputOf: state, lists: lists, favorites: favorites) { return (favoritesJSON, json) }
        return (favoritesJSON, buildLists(state, lists: lists, favorites: favorites, &memos))
    }

    /// The favorites part, remembered in its memo.
    private func buildFavorites(_ favorites: Set<Int>, _ memos: inout Memos) -> JSONValue {
        let json = client.favoritesJSON.json(for: favorites)
        memos.favorites = Memo(input: favorites, json: json)
        return json
    }

    /// The lists part, remembered in its memo.
    private func buildLists(_ state: AppFeature.State, lists: [ListSummary], favorites: Set<Int>, _ memos: inout Memos) -> JSONValue {
        let input = ListsInput(state, lists: lists, favorites: favorites)
        let json = client.lists(
            state.account, roster: input.roster, favorites: favorites, showingRows: state.isShowingFavorites, locale: input.locale,
            activity: input.activity, sort: input.sort ?? .number)
        memos.lists = Memo(input: input, json: json)
        return json
    }

    private static func memo<Input: Equatable>(_ memo: inout Memo<Input>?, _ input: Input, _ build: (Input) -> JSONValue) -> JSONValue {
        if let json = memo?.json(ifBuiltFrom: input) { return json }
        let json = build(input)
        memo = Memo(input: input, json: json)
        return json
    }
}

extension SessionProjection.Memo where Input == SessionProjection.ListsInput {
    /// Whether the JSON was built from what `state` shows (asked in place, like `json(ifBuiltFrom:)`).
    func isBuilt(fromInputOf state: AppFeature.State, lists: [ListSummary], favorites: Set<Int>) -> Bool {
        input.isInput(of: state, lists: lists, favorites: favorites)
    }

    /// The JSON when it was built from what `state` shows (asked in place, like `json(ifBuiltFrom:)`).
    func json(ifInputOf state: AppFeature.State, lists: [ListSummary], favorites: Set<Int>) -> JSONValue? {
        guard isBuilt(fromInputOf: state, lists: lists, favorites: favorites) else { return .none }
        return json
    }
}
