import Composable
import PokedexFeatures
import PokedexModels
import StateSync

/// The wire contract: every action a browser may send, in one table. The server decodes
/// (`ActionDecoder`) and authorizes (`ActionAuthorization`) by it and refuses whatever it does
/// not list; web/js/action-table.js, the load tester's actions and the action table of
/// docs/PROTOCOL.md are made from it (checked by `WireContractTests`). Adding an action is one
/// entry here plus its case in the feature's reducer.
public enum ActionTable {
    /// The level that addresses one drill-down screen: `{"path":{"element":{"id":1,"action":{…}}}}`.
    /// Entries under it continue inside `action`; `id` names the screen.
    public static let stackElement = ["path", "element"]

    public static let entries: [ActionEntry] = list + star + detail(at: "destination.presented.detail") {
        .destination(.presented(.detail($1)))
    } + stack + detail(at: "path.element.detail", exampleElement: 1) { input, action in
        .path(.element(id: input.element!, action: .detail(action)))
    } + navigation + favorites + activity + namedLists + account

    static let list: [ActionEntry] = [
        ActionEntry("list.reachedEnd", role: .anyone, "The last row scrolled into view: load the next page.") { _, _ in
            .list(.reachedEnd)
        },
        ActionEntry("list.retryTapped", role: .anyone, "Retry the failed page load.") { _, _ in .list(.retryTapped) },
        ActionEntry(
            "list.binding", [ActionField("search", .text(maxCharacters: ActionLimits.searchLength))], role: .anyone,
            "Set the search text (debounced on the server).", example: ["search": "pika"]
        ) { input, _ in .list(.binding(.set(\.search, input.string("search")))) },
        ActionEntry(
            "list.binding", [ActionField("type", .optionalType)], role: .anyone,
            "Set the type filter (`null` for all).", example: ["type": "grass"]
        ) { input, _ in .list(.binding(.set(\.typeFilter, input.optionalString("type")))) },
        ActionEntry("list.rowTapped", [ActionField("id", .rowID)], role: .anyone, "Open the detail of a row.", example: ["id": 25]) { input, state throws(ProtocolError) in
            let id = input.int("id")
            guard let pokemon = state.list.rows[id: id] else { throw input.noRow(id) }
            return .list(.rowTapped(pokemon))
        },
        ActionEntry("destination.dismiss", role: .anyone, "Close the presented detail or Favorites view.") { _, _ in
            .destination(.dismiss)
        },
    ]

    /// The one star: every screen (list rows, the detail, a stacked detail, a type's cards, the
    /// Favorites view) sends it with the Pokémon's id and the list it is starred in, so a
    /// replayed intent lands where it was meant whatever is on screen or active by then.
    static let star: [ActionEntry] = [
        ActionEntry(
            "favoriteSet", [ActionField("list", .id), ActionField("id", .pokemonID), ActionField("on", .bool)],
            role: .editorOf(field: "list"), rate: .write,
            "A star, from any screen: make Pokémon `id` a favorite of the list `list` (`on`), or not. An intent, never a toggle; it names its list and Pokémon, so it means the same whenever it arrives.",
            example: ["list": "4c…", "id": 25, "on": true], keyed: true
        ) { input, _ in .favoriteSet(listID: input.string("list"), id: input.int("id"), on: input.bool("on")) },
    ]

    /// A detail screen's actions, the same for the presented detail and a stacked one.
    static func detail(
        at prefix: String, exampleElement: Int? = nil,
        embed: @escaping @Sendable (ActionInput, PokemonDetailFeature.Action) -> AppFeature.Action
    ) -> [ActionEntry] {
        let place = exampleElement == nil ? "The presented detail's" : "A stacked detail's"
        return [
            ActionEntry("\(prefix).closeTapped", role: .anyone, "\(place) close button.", exampleElement: exampleElement) { input, _ in
                embed(input, .closeTapped)
            },
            ActionEntry("\(prefix).retryTapped", role: .anyone, "\(place) retry of a failed load.", exampleElement: exampleElement) { input, _ in
                embed(input, .retryTapped)
            },
            ActionEntry(
                "\(prefix).typeTapped", [ActionField("type", .type)], role: .anyone, "\(place) type: drill into it.",
                example: ["type": "grass"], exampleElement: exampleElement
            ) { input, _ in embed(input, .typeTapped(input.string("type"))) },
        ]
    }

    static let stack: [ActionEntry] = [
        ActionEntry(
            "path.popFrom", [ActionField("id", .int)], role: .anyone,
            "Pop the stack entry `id` and everything above it.", example: ["id": 0]
        ) { input, _ in .path(.popFrom(id: StackElementID(input.int("id")))) },
        ActionEntry(
            "path.element.type.rowTapped", [ActionField("id", .rowID)], role: .anyone, "A type screen's row.",
            example: ["id": 2], exampleElement: 0
        ) { input, state throws(ProtocolError) in
            let rowID = input.int("id")
            let id = input.element!
            guard case let .type(screen) = state.path[id: id],
                  let pokemon = screen.members.value?.first(where: { $0.id == rowID })
            else { throw input.noRow(rowID) }
            return .path(.element(id: id, action: .type(.rowTapped(pokemon))))
        },
        ActionEntry("path.element.type.retryTapped", role: .anyone, "A type screen's retry of a failed load.", exampleElement: 0) { input, _ in
            .path(.element(id: input.element!, action: .type(.retryTapped)))
        },
    ]

    static let navigation: [ActionEntry] = [
        ActionEntry(
            "navigate", [ActionField("route", .route)], role: .anyone,
            "The URL changed (back/forward button): rebuild navigation from the route. `/join/CODE` accepts an invite.",
            example: ["route": "/pokemon/25"]
        ) { input, _ in .navigate(route: input.string("route")) },
        ActionEntry("dismissNotice", role: .anyone, "Clear `notice`.") { _, _ in .dismissNotice },
        ActionEntry(
            "setLocale", [ActionField("locale", .choice(AppLocale.allCases.map(\.rawValue)))], role: .anyone,
            "Speak `en` or `es` from now on: every screen on show is fetched again in it, in place; every user picks their own.", example: ["locale": "es"]
        ) { input, _ in .setLocale(AppLocale(rawValue: input.string("locale")) ?? .en) },
    ]

    static let favorites: [ActionEntry] = [
        ActionEntry("favoritesTapped", role: .anyone, "Open the Favorites view (presented like the detail; route `/favorites`).") { _, _ in
            .favoritesTapped
        },
        ActionEntry(
            "selectList", [ActionField("id", .id)], role: .memberOf(field: "id"),
            "Make another of my lists the active one (stars follow it).", example: ["id": "7a…"]
        ) { input, _ in .selectList(id: input.string("id")) },
        ActionEntry(
            "rename", [ActionField("name", .name(characters: ActionLimits.nameLength))], role: .anyone, rate: .write,
            "Rename myself.", example: ["name": "Misty"]
        ) { input, _ in .rename(input.string("name")) },
        ActionEntry(
            "destination.presented.favorites.rowTapped", [ActionField("id", .pokemonID)], role: .anyone,
            "Open a favorite's detail (pushed on the stack).", example: ["id": 25]
        ) { input, _ in .destination(.presented(.favorites(.rowTapped(id: input.int("id"))))) },
        ActionEntry(
            "destination.presented.favorites.inviteTapped",
            [
                ActionField("role", .choice(["editor", "viewer"])), ActionField("expiresInDays", .intIn(InviteOptions.days)).optional(),
                ActionField("maxUses", .intIn(InviteOptions.uses)).optional(),
            ],
            role: .owner, rate: .write,
            "Create an invite link, working for `expiresInDays` (default 7) for at most `maxUses` people (default any number).",
            example: ["role": "editor", "expiresInDays": 7, "maxUses": 5]
        ) { input, _ in
            let options = InviteOptions(expiresInDays: input.optionalInt("expiresInDays") ?? InviteOptions.defaultDays, maxUses: input.optionalInt("maxUses"))
            return .destination(.presented(.favorites(.inviteTapped(ListRole(rawValue: input.string("role")) ?? .viewer, options))))
        },
        ActionEntry("destination.presented.favorites.inviteDismissed", role: .anyone, "Close the invite dialog.") { _, _ in
            .destination(.presented(.favorites(.inviteDismissed)))
        },
        ActionEntry(
            "destination.presented.favorites.revokeInviteTapped", [ActionField("id", .id)], role: .owner, rate: .write,
            "Revoke an open invite.", example: ["id": "c0ffee…"]
        ) { input, _ in .destination(.presented(.favorites(.revokeInviteTapped(id: input.string("id"))))) },
        ActionEntry(
            "destination.presented.favorites.removeMemberTapped", [ActionField("id", .id)], role: .owner,
            "Ask to remove a member: sets `alert`.", example: ["id": "<user id>"]
        ) { input, _ in .destination(.presented(.favorites(.removeMemberTapped(userID: input.string("id"))))) },
        ActionEntry("destination.presented.favorites.retryTapped", role: .anyone, "Do the failed invite or revoke again (`destination.favorites.canRetry`; its message is `destination.favorites.error`).") { _, _ in
            .destination(.presented(.favorites(.retryTapped)))
        },
        ActionEntry(
            "destination.presented.favorites.leaveTapped", role: .memberNotOwner,
            "Ask to leave the active list: sets `alert`."
        ) { _, _ in .destination(.presented(.favorites(.leaveTapped))) },
        ActionEntry("alert.confirm", role: .anyone, rate: .write, "Confirm the alert (the removal, leave, deletion or hand-over it asks about).") { _, _ in
            .alert(.confirm)
        },
        ActionEntry("alert.cancel", role: .anyone, "Dismiss the alert.") { _, _ in .alert(.cancel) },
    ]

    /// The Favorites view's order, and undo (activity: `lists.activity`).
    static let activity: [ActionEntry] = [
        ActionEntry(
            "destination.presented.favorites.sortChanged", [ActionField("by", .choice(FavoritesSort.allCases.map(\.rawValue)))],
            role: .anyone, "Order the Favorites view by dex number, name or newest addition (`destination.favorites.sort`).",
            example: ["by": "added"]
        ) { input, _ in .destination(.presented(.favorites(.sortChanged(FavoritesSort(rawValue: input.string("by")) ?? .number)))) },
        ActionEntry(
            "lists.undo", role: .editor, rate: .write,
            "Undo my latest star in the active list that is not undone yet (again: the one before it), by the opposite intent."
        ) { _, _ in .undo },
    ]

    /// Named lists and members' roles (`ListsFeature`), and the roster's pages.
    static let namedLists: [ActionEntry] = [
        ActionEntry(
            "lists.create", [ActionField("name", .name(characters: ActionLimits.listNameLength))], role: .anyone, rate: .write,
            "Create a list I own and make it active.", example: ["name": "Gym team"]
        ) { input, _ in .lists(.create(name: input.string("name"))) },
        ActionEntry(
            "lists.rename", [ActionField("id", .id), ActionField("name", .name(characters: ActionLimits.listNameLength))],
            role: .ownerOf(field: "id"), rate: .write, "Rename a list I own; every member sees the new name.",
            example: ["id": "7a…", "name": "Cerulean Gym"]
        ) { input, _ in .lists(.rename(id: input.string("id"), name: input.string("name"))) },
        ActionEntry(
            "lists.delete", [ActionField("id", .id)], role: .ownerOf(field: "id"),
            "Ask to delete a list I own: sets `alert` (confirming deletes it for every member).", example: ["id": "7a…"]
        ) { input, _ in .lists(.delete(id: input.string("id"))) },
        ActionEntry(
            "lists.setRole", [ActionField("member", .id), ActionField("role", .choice(["editor", "viewer"]))], role: .owner, rate: .write,
            "Make a member of the active list an editor or a viewer.", example: ["member": "<user id>", "role": "viewer"]
        ) { input, _ in .lists(.setRole(member: input.string("member"), role: ListRole(rawValue: input.string("role")) ?? .viewer)) },
        ActionEntry(
            "lists.transferOwnership", [ActionField("member", .id)], role: .owner,
            "Ask to make a member the active list's owner: sets `alert` (confirming makes me an editor).",
            example: ["member": "<user id>"]
        ) { input, _ in .lists(.transferOwnership(member: input.string("member"))) },
        ActionEntry(
            "destination.presented.favorites.moreMembersTapped", role: .anyone,
            "List 50 more members in `lists.members` (up to 1,000; `lists.memberCount` counts them all)."
        ) { _, _ in .destination(.presented(.favorites(.moreMembersTapped))) },
    ]

    /// One identity on every device (`AccountFeature`).
    static let account: [ActionEntry] = [
        ActionEntry(
            "account.createSignInCode", role: .anyone, rate: .write,
            "Make a one-time code (valid 10 minutes) that signs another browser in as me: sets `account.signIn` in this session only."
        ) { _, _ in .account(.createSignInCode) },
        ActionEntry("account.signInDismissed", role: .anyone, "Close the sign-in dialog: `account.signIn` becomes null (the code still works until used or expired).") { _, _ in
            .account(.signInDismissed)
        },
        ActionEntry(
            "account.signOut", role: .anyone, rate: .write,
            "Sign this browser out: its token is revoked, its sessions close with 4001 and it starts as a new user."
        ) { _, _ in .account(.signOut) },
        ActionEntry(
            "account.signOutEverywhere", role: .anyone, rate: .write,
            "Sign out on every device: every token of mine is revoked and every session of mine, in every process, closes with 4001."
        ) { _, _ in .account(.signOutEverywhere) },
        ActionEntry(
            "account.reportProblem", role: .anyone, rate: .write,
            "Report a problem: with my consent, this session is recorded from now on (docs/RECORDING.md; secrets redacted) and `account.report` shows the reference to quote in the report."
        ) { _, _ in .account(.reportProblem) },
        ActionEntry("account.reportDismissed", role: .anyone, "Close the report's confirmation: `account.report` goes (the recording goes on until the session ends).") { _, _ in
            .account(.problemReportDismissed)
        },
    ]

    /// The entries of a dotted path (more than one when fields tell them apart, as
    /// `list.binding`'s `search` and `type`).
    public static func entries(named name: String) -> [ActionEntry] {
        byName[name] ?? []
    }

    private static let byName: [String: [ActionEntry]] = Dictionary(grouping: entries, by: \.name)
}
