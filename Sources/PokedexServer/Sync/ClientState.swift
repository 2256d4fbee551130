import Composable
import PokedexFeatures
import PokedexModels
import StateSync

/// The parts of the client-visible state (docs/PROTOCOL.md): what a browser renders, derived
/// from a session's `AppFeature.State`. `SessionProjection` puts them together.
///
/// An object, one for the process: as a struct of a dozen references, each projection that
/// handed it on (a method passed as a function, a closure's capture) copied it, retaining
/// every cache in it, on lines both service threads write.
final class ClientState: Sendable {
    /// Row data for a favorite id (favorites are stored as ids), named in a language.
    let row: @Sendable (Int, AppLocale) -> Pokemon?
    /// Where invite links point, e.g. `http://127.0.0.1:8080` (known once the port is bound).
    let publicURL: @Sendable () -> String
    /// Favorites sets' JSON, built once for all sessions.
    let favoritesJSON = FavoritesJSONCache()
    /// The encodings of the rows and details below, written into patches as they are.
    let encodings: EncodedJSONMemo
    /// Rows' JSON, built once for all sessions.
    let rowJSON: RowJSONCache
    /// Lists' pages of those rows, built once for all sessions.
    let pageJSON: PageJSONCache
    /// Presented details' JSON, built once for all sessions.
    let detailJSON: DetailJSONCache
    /// Lists' JSON, shared by the sessions showing the same list state.
    let listJSON = RecentJSONCache<PokemonListFeature.State>()
    /// The parts of the Favorites view every member of a list sees alike, shared by the
    /// sessions showing them: the roster page, the latest events and the rows.
    let rosterJSON = RecentJSONCache<[ListRoster.RosterMember]>()
    let activityJSON = RecentJSONCache<ActivityPage>()
    let favoriteRowsJSON = RecentJSONCache<FavoriteRows>()

    init(row: @escaping @Sendable (Int, AppLocale) -> Pokemon?, publicURL: @escaping @Sendable () -> String) {
        self.row = row
        self.publicURL = publicURL
        let encodings = EncodedJSONMemo()
        self.encodings = encodings
        let rowJSON = RowJSONCache(encodings: encodings)
        self.rowJSON = rowJSON
        pageJSON = PageJSONCache(rows: rowJSON, encodings: encodings)
        detailJSON = DetailJSONCache(encodings: encodings)
    }

    struct ActivityPage: Equatable, Sendable {
        var events: [ListEvent]
        var locale: AppLocale
    }

    struct FavoriteRows: Equatable, Sendable {
        var favorites: Set<Int>
        var additions: [Int: FavoriteAddition]
        var sort: FavoritesSort
        var locale: AppLocale
    }

    func user(_ user: User) -> JSONValue {
        ["id": .string(user.id), "name": .string(user.displayName)]
    }

    /// The user's lists; the active list's rows only while the Favorites view is open, so a
    /// star elsewhere stays a one-op patch.
    func lists(
        _ account: Account, roster: ListRoster?, favorites: Set<Int>, showingRows: Bool, locale: AppLocale,
        activity: ListActivity? = nil, sort: FavoritesSort = .number
    ) -> JSONValue {
        let roster = roster ?? ListRoster()
        let isOwner = account.activeRole == .owner
        return [
            "active": .string(account.activeListID),
            "all": .array(account.lists.wrappedValue.map {
                ["id": .string($0.id), "name": .string($0.list.name), "role": .string($0.role.rawValue)]
            }),
            "members": rosterJSON.json(for: roster.members) { members in
                .array(members.map {
                    [
                        "id": .string($0.user.id), "name": .string($0.user.displayName),
                        "role": .string($0.role.rawValue), "online": .bool($0.isOnline),
                    ]
                })
            },
            "memberCount": .int(roster.memberCount),
            "pokemon": showingRows
                ? favoriteRowsJSON.json(for: FavoriteRows(favorites: favorites, additions: activity?.additions ?? [:], sort: sort, locale: locale)) {
                    .array(favoriteRows($0.favorites, additions: $0.additions, sort: $0.sort, locale: $0.locale))
                }
                : Self.emptyArray,
            "invites": isOwner ? .array(roster.invites.map(Self.invite)) : Self.emptyArray,
            "activity": showingRows
                ? activityJSON.json(for: ActivityPage(events: activity?.events ?? [], locale: locale)) { page in
                    .array(page.events.map { event($0, page.locale) })
                }
                : Self.emptyArray,
        ]
    }

    private static let emptyArray = JSONValue.array([])

    /// The Favorites view's rows in `sort`'s order, each with who added it and when
    /// (`addedBy` null when unknown: a deleted user, or an addition not read yet).
    func favoriteRows(_ favorites: Set<Int>, additions: [Int: FavoriteAddition], sort: FavoritesSort, locale: AppLocale) -> [JSONValue] {
        var rows = favorites.map { row($0, locale) ?? Pokemon(id: $0, name: "", types: []) }
        switch sort {
        case .number:
            rows.sort { $0.id < $1.id }
        case .name:
            rows.sort { ($0.name.localizedLowercase, $0.id) < ($1.name.localizedLowercase, $1.id) }
        case .added:
            // Newest first; one whose addition is not read yet goes last.
            let at = { (id: Int) in additions[id]?.addedAt ?? -1 }
            rows.sort { at($0.id) != at($1.id) ? at($0.id) > at($1.id) : $0.id < $1.id }
        }
        return zip(rows, rowJSON.json(for: rows[...])).map { pokemon, json in
            var json = json
            let addition = additions[pokemon.id]
            json["addedBy"] = addition?.addedBy.map(user) ?? .null
            json["addedAt"] = addition.map { .int(Int($0.addedAt)) } ?? .null
            return json
        }
    }

    /// One activity entry; `pokemon` is named in the session's language when known.
    func event(_ event: ListEvent, _ locale: AppLocale) -> JSONValue {
        [
            "id": .int(Int(event.id)),
            "kind": .string(event.kind.rawValue),
            "actor": event.actor.map(user) ?? .null,
            "pokemon": event.pokemonID.map { id in ["id": .int(id), "name": JSONValue(row(id, locale)?.name)] } ?? .null,
            "subject": event.subject.map(user) ?? .null,
            "role": JSONValue(event.role?.rawValue),
            "name": JSONValue(event.name),
            "at": .int(Int(event.at)),
            "undoes": event.undoes.map { .int(Int($0)) } ?? .null,
        ]
    }

    /// An open invite as its owner sees it: role, uses so far and allowed, expiry (ms).
    static func invite(_ invite: ListRoster.InviteSummary) -> JSONValue {
        [
            "id": .string(invite.id), "role": .string(invite.role.rawValue), "uses": .int(invite.uses),
            "maxUses": JSONValue(invite.maxUses), "expiresAt": invite.expiresAt.map { .int(Int($0)) } ?? .null,
        ]
    }

    func destination(_ destination: AppFeature.Destination.State) -> JSONValue {
        switch destination {
        case let .detail(state):
            return detailJSON.json(for: state)
        case let .favorites(state):
            let invite: JSONValue = state.invite.map {
                ["role": .string($0.role.rawValue), "link": .string("\(publicURL())/#/join/\($0.code)")]
            } ?? .null
            return ["favorites": [
                "invite": invite, "error": JSONValue(state.error), "canRetry": .bool(state.failedIntent != nil),
                "sort": .string(state.sort.rawValue),
            ]]
        }
    }

    /// What only this session shows of the account: the sign-in code it made, with its link
    /// (a route of the web client, as invite links are) and expiry in ms since the epoch; and,
    /// once the user reported a problem, the reference to quote (`report`, absent otherwise).
    func account(_ account: Account) -> JSONValue {
        guard account.signIn != nil || account.problemReport != nil else { return Self.accountWithoutSignIn }
        let signIn: JSONValue = account.signIn.map {
            [
                "code": .string($0.code), "link": .string("\(publicURL())/#/signin/\($0.code)"),
                "expiresAt": .int(Int(($0.expiresAt.timeIntervalSince1970 * 1000).rounded())),
            ]
        } ?? .null
        guard let report = account.problemReport else { return ["signIn": signIn] }
        return ["signIn": signIn, "report": ["reference": .string(report.reference)]]
    }

    /// Nearly every session's `account`: one value for all of them.
    private static let accountWithoutSignIn: JSONValue = ["signIn": .null]

    static func alert(_ alert: ConfirmationAlert) -> JSONValue {
        let action: String = switch alert.intent {
        case .removeMember: "removeMember"
        case .leave: "leave"
        case .deleteList: "deleteList"
        case .transferOwnership: "transferOwnership"
        }
        return [
            "title": .string(alert.title), "message": .string(alert.message),
            "confirm": .string(alert.confirmLabel), "action": .string(action),
        ]
    }

    /// Every type the filter offers: one value, so each list's diff skips it by identity.
    private static let typesJSON = JSONValue.array(PokemonTypes.all.map(JSONValue.string))

    /// A list's pages as last built (or found in `listJSON`), with the count and the revision
    /// (`IdentifiedArray.revision`, 0 when unknown) of the rows they show. Not the rows
    /// themselves: a reference to them here made the reducer's next page more copy every row
    /// and the id index (its append not unique), and this memo then free the old copy.
    struct ListPages {
        var rowCount = 0
        var revision: UInt64 = 0
        var json: [JSONValue] = []

        /// The pages of `json`, a list's JSON made from `list` (its own build or another
        /// session's equal one), so the next build reuses what the browser was sent.
        init(of list: PokemonListFeature.State, json: JSONValue) {
            rowCount = list.rows.count
            revision = list.rows.revision
            if case .array(let pages)? = json["pages"] { self.json = pages }
        }

        init() {}

        init(rowCount: Int, revision: UInt64, json: [JSONValue]) {
            self.rowCount = rowCount
            self.revision = revision
            self.json = json
        }
    }

    /// The list's JSON. A page whose rows are those of the same page in `pages` is reused, so
    /// a page more or a closed detail costs the new page, not every row on screen (building
    /// them all was a visible share of the server's browse CPU over the CSV dump); `pages`
    /// becomes this list's. Rows the revisions tell are the pages' (a page more appended to
    /// them, or the same rows) are not looked at; any other full page is reused when its
    /// rows' JSON (shared, `rowJSON`) is the old page's.
    func list(_ list: PokemonListFeature.State, reusing pages: inout ListPages) -> JSONValue {
        let rows = list.rows.elements
        // The leading rows known to be the pages' rows, without looking at them.
        let known = list.rows.startsWithElements(ofRevision: pages.revision) ? pages.rowCount : 0
        // The same rows (a flag of the list changed: loading, a page more asked): the pages
        // the browser was sent, as the walk below finds them, without retaining each page
        // into a new array only to drop it (a cold line of each page, for every such change).
        let built = known == rows.count && known == pages.rowCount ? pages.json : self.pages(of: rows, reusing: pages, known: known)
        pages = ListPages(rowCount: rows.count, revision: list.rows.revision, json: built)
        // Members, not a dictionary literal (an array of pairs copied out and freed).
        return .object(JSONObject(members: [
            .init("search", .string(list.search)),
            .init("type", JSONValue(list.typeFilter)),
            .init("types", Self.typesJSON),
            .init("status", Self.status(list.loadState)),
            .init("error", Self.error(list.loadState)),
            .init("pages", .array(built)),
            .init("total", .int(list.totalCount)),
            .init("isLoadingMore", .bool(list.isLoadingMore)),
            .init("canLoadMore", .bool(list.canLoadMore)),
            .init("moreError", JSONValue(list.loadMoreError)),
        ]))
    }

    /// The pages of `rows`, the first `known` of which are known to be `pages`' rows: a page
    /// of the same size within them is `pages`' own, any other is the shared page of its rows
    /// (`pageJSON`; `pages`' own when equal to the old page).
    private func pages(of rows: [Pokemon], reusing pages: ListPages, known: Int) -> [JSONValue] {
        let pageSize = PokemonListFeature.pageSize
        var built: [JSONValue] = []
        built.reserveCapacity((rows.count + pageSize - 1) / pageSize)
        var everyPageReused = true
        for (index, start) in stride(from: 0, to: rows.count, by: pageSize).enumerated() {
            let end = min(start + pageSize, rows.count)
            let isOfSameSize = index < pages.json.count && end == min(start + pageSize, pages.rowCount)
            if isOfSameSize, end <= known {
                built.append(pages.json[index])
                continue
            }
            let page = pageJSON.json(for: rows[start..<end])
            let isUnchanged = isOfSameSize && page == pages.json[index]
            everyPageReused = everyPageReused && isUnchanged
            built.append(isUnchanged ? pages.json[index] : page)
        }
        // The same pages: the array the browser was sent, so the diff passes it by identity
        // (the same rows under a revision not known here) rather than page by page.
        if everyPageReused, built.count == pages.json.count { built = pages.json }
        return built
    }

    static func row(_ pokemon: Pokemon) -> JSONValue {
        [
            "id": .int(pokemon.id),
            "name": .string(pokemon.name),
            "types": .array(pokemon.types.map(JSONValue.string)),
            "sprite": .string("/sprites/\(pokemon.id).png"),
        ]
    }

    /// A set of ids as an object, so a star toggle is one `add` or `remove` of its key.
    static func favorites(_ ids: Set<Int>) -> JSONValue {
        .object(JSONObject(uniqueKeysWithValues: ids.sorted().map { (String($0), JSONValue.bool(true)) }))
    }

    static func stackEntry(_ entry: (id: StackElementID, element: AppFeature.Path.State)) -> JSONValue {
        switch entry.element {
        case let .detail(state):
            ["id": .int(entry.id.rawValue), "detail": detail(state)]
        case let .type(state):
            [
                "id": .int(entry.id.rawValue),
                "type": [
                    "name": .string(state.type),
                    "status": status(state.members),
                    "error": error(state.members),
                    "pokemon": .array((state.members.value ?? []).map(row)),
                ],
            ]
        }
    }

    static func detail(_ state: PokemonDetailFeature.State) -> JSONValue {
        [
            "pokemon": row(state.pokemon),
            "status": status(state.detail),
            "error": error(state.detail),
            "info": state.detail.value.map(info) ?? .null,
        ]
    }

    static func info(_ detail: PokemonDetail) -> JSONValue {
        [
            "height": .int(detail.height),
            "weight": .int(detail.weight),
            "baseExperience": JSONValue(detail.baseExperience),
            "genus": JSONValue(detail.genus),
            "abilities": .array(detail.abilities.map { ["name": .string($0.name), "hidden": .bool($0.isHidden)] }),
            "stats": .array(detail.stats.map { ["name": .string($0.name), "base": .int($0.base)] }),
        ]
    }

    static func status<T>(_ load: LoadState<T>) -> JSONValue {
        switch load {
        case .idle: "idle"
        case .loading: "loading"
        case .loaded: "loaded"
        case .failed: "failed"
        }
    }

    static func error<T>(_ load: LoadState<T>) -> JSONValue {
        if case let .failed(message) = load { return .string(message) }
        return .null
    }
}

extension AppFeature.State {
    var isShowingFavorites: Bool {
        if case .favorites = destination { return true }
        return false
    }
}
