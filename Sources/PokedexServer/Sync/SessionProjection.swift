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
        var locale: AppLocale
        /// What the Favorites view adds, while it is shown. Out of line (`Boxed`): nearly every
        /// session shows none, and its room inline was in every session's memo.
        @Boxed var view: FavoritesViewInput?

        struct FavoritesViewInput: Equatable {
            var roster: ListRoster?
            var rows: Set<Int>
            var activity: ListActivity?
            var sort: FavoritesSort?
        }

        init(_ state: AppFeature.State, lists: [ListSummary], favorites: Set<Int>) {
            self.lists = lists
            active = state.account.activeListID
            locale = state.locale
            if state.isShowingFavorites {
                view = FavoritesViewInput(
                    roster: state.shownRoster, rows: favorites, activity: state.shownActivity, sort: state.shownFavoritesSort)
            }
        }

        /// `self == ListsInput(state, lists:, favorites:)`, without building the other input
        /// (which retained each of its parts, for every member of a fan-out). A nil `lists` or
        /// `favorites` is known to be this input's (`SharedVersions`): not read, not compared.
        func isInput(of state: AppFeature.State, lists: [ListSummary]?, favorites: Set<Int>?) -> Bool {
            if let lists, self.lists != lists { return false }
            guard active == state.account.activeListID, locale == state.locale else { return false }
            guard case .favorites = state.destination else { return view == nil }
            guard let view else { return false }
            if let favorites, view.rows != favorites { return false }
            return view.roster == state.shownRoster && view.activity == state.shownActivity && view.sort == state.shownFavoritesSort
        }
    }

    private struct StackInput: Equatable {
        var ids: [StackElementID]
        var screens: [AppFeature.Path.State]

        /// `self == StackInput(ids: path.ids, screens: path.elements)`, without building it.
        func isInput(of path: StackState<AppFeature.Path.State>) -> Bool {
            ids == path.ids && screens == path.elements
        }
    }

    private struct Memos {
        /// First, beside the lock: a fan-out's member touches only these two (a list's state
        /// and its pages before it put them on another cache line, one more for each member).
        var favorites: Memo<Set<Int>>?
        var list: Memo<ListInput>?
        var listPages = ClientState.ListPages()
        var lists: Memo<ListsInput>?
        /// The destination's and the stack's memos, out of line, and none while the
        /// last projection showed no destination and an empty stack (nearly every session,
        /// nearly always): `screensProjected` then tells that one was made.
        var screens: ScreenMemos?
        /// The route as last made, again only when the screens changed (the destination's and
        /// the stack's memos missed).
        var route: JSONValue?
        /// The notice, the alert and the account as last projected, out of line, and none
        /// while they are what nearly every session shows (no notice, no alert, the account
        /// without a sign-in code or a problem report): they are then known unchanged from the
        /// state's fields, with no JSON built and compared (nor the constant account's
        /// retained, a line every thread's sessions would write), and an idle session keeps
        /// one pointer for the three.
        @Boxed var rareParts: RareParts?
        var me: Memo<User>?
        var screensProjected = false
        /// The language as last projected: its part is its name, a string made in place.
        var locale: AppLocale?
        var versions = SharedVersions()
    }

    /// The versions (`Shared.version`) of the shared values the favorites' and the lists'
    /// memos were last built from or found equal to, 0 when unknown: while the state's are
    /// the same, those memos answer without the values being read (each a lock every service
    /// thread takes) or compared with the memos' inputs (memory of the session's own).
    private struct SharedVersions {
        /// The favorites' version `favorites` answers for.
        var favorites = 0
        /// The user's lists' and the favorites' versions `lists` answers for.
        var lists = 0
        var listsFavorites = 0
    }

    /// The small parts that nearly always show nothing, each its own input's stand-in (it is
    /// compared with what the state gives): `.null` for no notice or alert, nil for the
    /// account every session without a sign-in code or a problem report shows.
    private struct RareParts {
        var notice: JSONValue = .null
        var alert: JSONValue = .null
        var account: JSONValue?

        var isNone: Bool { notice == .null && alert == .null && account == nil }
    }

    /// An object, read in place through its reference: as a value out of line (`Boxed`),
    /// reading it copied both memos out on every batch (retaining each of their parts).
    private final class ScreenMemos {
        let destination: Memo<AppFeature.Destination.State?>
        let stack: Memo<StackInput>

        init(destination: Memo<AppFeature.Destination.State?>, stack: Memo<StackInput>) {
            self.destination = destination
            self.stack = stack
        }
    }

    /// The screens' memos while the state shows none: what `screens` stands for when nil.
    private static var noDestination: Memo<AppFeature.Destination.State?> { Memo(input: nil, json: .null) }
    private static var emptyStack: Memo<StackInput> { Memo(input: StackInput(ids: [], screens: []), json: .array([])) }

    /// A reduced state's projection as the parts that changed since the last projection
    /// (`projectChanges`).
    struct Changes {
        /// The top-level parts whose inputs changed, with their new JSON, in the order of the
        /// projection's members. Every other part is what the last projection gave.
        var parts: [(key: String, value: JSONValue)] = []
        /// The state's route (`AppFeature.State.route`), as last made.
        var route = ""
        /// False when no input of the state's restorable screen changed (its screens, the
        /// list's search and filter, the active list, the language, the Favorites view's sort):
        /// it is then as last derived.
        var restorableMayHaveChanged = false
    }

    let client: ClientState
    private let memos = Mutex(Memos())

    init(_ client: ClientState) {
        self.client = client
    }

    /// The client-visible state of `state`, whole.
    func project(_ state: AppFeature.State) -> JSONValue {
        memos.withLock { memos in
            // Members, not a dictionary literal: a literal built an array of pairs to copy the
            // members out of and free.
            var members: [JSONObject.Member] = []
            members.reserveCapacity(Self.partCount)
            forEachPart(of: state, &memos, handingUnchanged: true) { key, json, _ in members.append(.init(key, json)) }
            return .object(JSONObject(members: members))
        }
    }

    /// The shared values the parts last built or kept were made from: the favorites, the
    /// user's lists, and the roster and activity of a Favorites view shown (nil where no such
    /// part was made yet). A recording writes these before the patch, not the values read
    /// again: another thread may have changed them since the parts were built.
    func sharedInputs() -> (favorites: Set<Int>?, lists: [ListSummary]?, roster: ListRoster?, activity: ListActivity?) {
        memos.withLock { memos in
            let view = memos.lists?.input.view
            return (memos.favorites?.input, memos.lists?.input.lists, view?.roster, view?.activity)
        }
    }

    /// `project(state)` as what changed since the last projection: only the parts whose inputs
    /// changed are built (and handed out for the diff); an unchanged part is found so by a
    /// comparison of its input with its memo's, which is quick when it is unchanged (the same
    /// storage, or a few small fields). The rule this needs: the last projection is what the
    /// session sent (see `projectShared`), so a part left out is what the browser has.
    func projectChanges(_ state: AppFeature.State) -> Changes {
        memos.withLock { memos in
            var changes = Changes()
            // Of the list, only its search and filter are restorable: a page more (its rows and
            // flags) then derives no screen to find it unchanged.
            let listRestorableChanged = memos.list?.input.hasSameSearchAndFilter(as: state.list) != true
            forEachPart(of: state, &memos, handingUnchanged: false) { key, json, changed in
                guard changed else { return }
                // Room for a detail's open or close (the route, the destination) and a list's
                // change: grown from empty one part at a time, the array was made twice.
                if changes.parts.isEmpty { changes.parts.reserveCapacity(4) }
                changes.parts.append((key, json))
                // By position, not by name: a string comparison call for each name.
                switch Self.position(ofPart: key) {
                case 0, 1, 6, 7: changes.restorableMayHaveChanged = true  // route, locale, lists, destination
                case 4: changes.restorableMayHaveChanged = changes.restorableMayHaveChanged || listRestorableChanged
                default: break
                }
            }
            if case .string(let route)? = memos.route { changes.route = route }
            return changes
        }
    }

    /// The members of the projection's object, in order.
    private static let partCount = 11

    /// Where the part `key` is among the projection's members (`forEachPart`'s order): what
    /// the browser has is an object in that order, so a part is looked up there first
    /// (`JSONObject.position(of:likelyAt:)`) rather than searched for past the parts before
    /// it. A guess from the key's first letter and length, which tell the parts apart; the
    /// lookup checks the key it finds there (comparing the key with each part's name took
    /// a string comparison call for each name before it).
    static func position(ofPart key: String) -> Int {
        let utf8 = key.utf8
        switch (utf8.first, utf8.count) {
        case (UInt8(ascii: "r"), _): return 0  // route
        case (UInt8(ascii: "l"), 6): return 1  // locale
        case (UInt8(ascii: "n"), _): return 2  // notice
        case (UInt8(ascii: "m"), _): return 3  // me
        case (UInt8(ascii: "l"), 4): return 4  // list
        case (UInt8(ascii: "f"), _): return 5  // favorites
        case (UInt8(ascii: "l"), _): return 6  // lists
        case (UInt8(ascii: "d"), _): return 7  // destination
        case (UInt8(ascii: "s"), _): return 8  // stack
        case (UInt8(ascii: "a"), 5): return 9  // alert
        case (UInt8(ascii: "a"), _): return 10  // account
        default: return -1
        }
    }

    /// Calls `body` with each top-level part of `state`'s projection, in order, and whether its
    /// input changed since the last projection (when it did not, the JSON is its memo's, or
    /// `.null` unless `handingUnchanged`: `projectChanges` skips those parts, and handing each
    /// memo's JSON retained it, a first touch of the part's storage on every batch).
    /// "Changed" is of inputs: a part whose input changed may still project to the same JSON.
    private func forEachPart(
        of state: AppFeature.State, _ memos: inout Memos, handingUnchanged: Bool,
        _ body: (_ key: String, _ json: JSONValue, _ changed: Bool) -> Void
    ) {
        // The screens are read first: the route is made again only when they changed.
        let screens = memos.screens
        let destinationChanged = screens.map { !$0.destination.isBuilt(from: state.destination) }
            ?? (!memos.screensProjected || state.destination != nil)
        let stackChanged = screens.map { !$0.stack.input.isInput(of: state.path) } ?? (!memos.screensProjected || !state.path.isEmpty)
        var routeChanged = false
        if destinationChanged || stackChanged || memos.route == nil {
            let route = JSONValue.string(state.route)
            routeChanged = route != memos.route
            memos.route = route
        }
        body("route", routeChanged || handingUnchanged ? memos.route ?? .null : .null, routeChanged)
        let localeChanged = memos.locale != state.locale
        memos.locale = state.locale
        body("locale", localeChanged || handingUnchanged ? .string(state.locale.rawValue) : .null, localeChanged)
        // Nearly always none of the three (nothing built): the state shows none, as last time.
        let rare = memos.rareParts
        let notice = JSONValue(state.notice)
        let noticeChanged = notice != rare?.notice ?? .null
        body("notice", noticeChanged || handingUnchanged ? notice : .null, noticeChanged)
        // By its input, which lies beside the other memos: reading the JSON object was a first
        // touch of memory of its own, on every batch of every session.
        Self.part("me", &memos.me, state.account.me, handingUnchanged, body) { client.user($0) }
        if memos.list?.input.isInput(of: state.list) == true {
            body("list", handingUnchanged ? memos.list?.json ?? .null : .null, false)
        } else {
            body("list", buildList(state.list, &memos), true)
        }
        // Each version read before its value: a value changed in between leaves the older
        // version noted, which the next projection finds stale (it then reads the value).
        let favoritesVersion = state.favorites.version
        var favorites: Set<Int>?
        if memos.favorites != nil, memos.versions.favorites == favoritesVersion {
            body("favorites", handingUnchanged ? memos.favorites?.json ?? .null : .null, false)
        } else {
            let value = state.favorites.wrappedValue
            favorites = value
            if memos.favorites?.isBuilt(from: value) == true {
                body("favorites", handingUnchanged ? memos.favorites?.json ?? .null : .null, false)
            } else {
                body("favorites", buildFavorites(value, &memos), true)
            }
            memos.versions.favorites = favoritesVersion
        }
        let listsVersion = state.account.lists.version
        let listsKnown = memos.versions.lists == listsVersion && memos.versions.listsFavorites == favoritesVersion
        if listsKnown, memos.lists?.isBuilt(fromInputOf: state, lists: nil, favorites: nil) == true {
            body("lists", handingUnchanged ? memos.lists?.json ?? .null : .null, false)
        } else {
            let lists = state.account.lists.wrappedValue
            let favorites = favorites ?? state.favorites.wrappedValue
            if memos.lists?.isBuilt(fromInputOf: state, lists: lists, favorites: favorites) == true {
                body("lists", handingUnchanged ? memos.lists?.json ?? .null : .null, false)
            } else {
                body("lists", buildLists(state, lists: lists, favorites: favorites, &memos), true)
            }
            memos.versions.lists = listsVersion
            memos.versions.listsFavorites = favoritesVersion
        }
        if destinationChanged || stackChanged {
            let destination = !destinationChanged
                ? screens?.destination ?? Self.noDestination
                : Memo(input: state.destination, json: state.destination.map { client.destination($0) } ?? .null)
            body("destination", destination.json, destinationChanged)
            let stack = !stackChanged
                ? screens?.stack ?? Self.emptyStack
                : Memo(
                    input: StackInput(ids: state.path.ids, screens: state.path.elements),
                    json: .array(state.path.entries.map(ClientState.stackEntry)))
            body("stack", stack.json, stackChanged)
            memos.screens = state.destination == nil && state.path.isEmpty ? nil : ScreenMemos(destination: destination, stack: stack)
            memos.screensProjected = true
        } else {
            body("destination", handingUnchanged ? screens?.destination.json ?? .null : .null, false)
            body("stack", handingUnchanged ? screens?.stack.json ?? .array([]) : .null, false)
        }
        let alert = state.alert.map(ClientState.alert) ?? .null
        let alertChanged = alert != rare?.alert ?? .null
        body("alert", alertChanged || handingUnchanged ? alert : .null, alertChanged)
        let isPlainAccount = state.account.signIn == nil && state.account.problemReport == nil
        // Typed: a bare `nil` would be `JSONValue.null` (it is nil-expressible).
        let account: JSONValue? = isPlainAccount ? .none : client.account(state.account)
        let accountChanged = account != rare?.account
        body("account", accountChanged || handingUnchanged ? account ?? client.account(state.account) : .null, accountChanged)
        if noticeChanged || alertChanged || accountChanged {
            let parts = RareParts(notice: notice, alert: alert, account: account)
            memos.rareParts = parts.isNone ? nil : parts
        }
    }

    /// One part through its memo: `body` gets the memo's JSON while `input` is the memo's,
    /// else the JSON built from it (remembered).
    private static func part<Input: Equatable>(
        _ key: String, _ memo: inout Memo<Input>?, _ input: Input, _ handingUnchanged: Bool,
        _ body: (String, JSONValue, Bool) -> Void, build: (Input) -> JSONValue
    ) {
        if memo?.isBuilt(from: input) == true { return body(key, handingUnchanged ? memo?.json ?? .null : .null, false) }
        let json = build(input)
        memo = Memo(input: input, json: json)
        body(key, json, true)
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
            // Read without their versions: the next projection reads them again.
            memos.versions = SharedVersions()
            return parts
        }
    }

    /// `projectShared` for a state whose favorites alone changed since the last projection,
    /// and which shows no part built from them but the favorites (no Favorites view): the
    /// favorites part when its memo does not answer for `favorites`, else nil. `json` is
    /// `FavoritesJSONCache`'s for them (its executor's `FavoritesChangeMemo` asked it), which
    /// the memo then holds, as `buildFavorites` would.
    func projectFavorites(_ favorites: Set<Int>, json: JSONValue) -> JSONValue? {
        memos.withLock { memos in
            if memos.favorites?.isBuilt(from: favorites) == true { return nil }
            memos.favorites = Memo(input: favorites, json: json)
            memos.versions.favorites = 0
            return json
        }
    }

    /// The parts of `projectShared` that are each session's own object (its lists) around
    /// members every session shares (`ClientState`'s roster, activity and rows caches):
    /// `PartsPatchMemo` keys these by their changed members.
    static let ownPartsOfSharedValues: Set<String> = ["lists"]

    /// The list part, remembered in its memo. Rows that are the last ones' with a page
    /// appended (or the same rows, a flag changed) are built on the pages the session has,
    /// without looking for an equal list among other sessions' (which compared their rows
    /// with these, and gave pages of other storage than the browser's, for the diff to walk).
    /// Otherwise the pages kept are those of the JSON found or built, so the next build
    /// reuses what the browser was sent.
    private func buildList(_ list: PokemonListFeature.State, _ memos: inout Memos) -> JSONValue {
        let json: JSONValue
        if list.rows.startsWithElements(ofRevision: memos.listPages.revision) {
            json = client.list(list, reusing: &memos.listPages)
        } else {
            var built = false
            json = client.listJSON.json(for: list) { list in
                built = true
                return client.list(list, reusing: &memos.listPages)
            }
            if !built { memos.listPages = ClientState.ListPages(of: list, json: json) }
        }
        memos.list = Memo(input: ListInput(list), json: json)
        return json
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
            state.account, roster: input.view?.roster, favorites: favorites, showingRows: state.isShowingFavorites,
            locale: input.locale, activity: input.view?.activity, sort: input.view?.sort ?? .number)
        memos.lists = Memo(input: input, json: json)
        return json
    }
}

extension SessionProjection.Memo where Input == SessionProjection.ListsInput {
    /// Whether the JSON was built from what `state` shows (asked in place, like `json(ifBuiltFrom:)`).
    func isBuilt(fromInputOf state: AppFeature.State, lists: [ListSummary]?, favorites: Set<Int>?) -> Bool {
        input.isInput(of: state, lists: lists, favorites: favorites)
    }

    /// The JSON when it was built from what `state` shows (asked in place, like `json(ifBuiltFrom:)`).
    func json(ifInputOf state: AppFeature.State, lists: [ListSummary], favorites: Set<Int>) -> JSONValue? {
        guard isBuilt(fromInputOf: state, lists: lists, favorites: favorites) else { return .none }
        return json
    }
}
