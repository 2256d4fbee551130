import Composable
@testable import PokedexFeatures
import PokedexModels
@testable import PokedexServer
import SeededRandom
@testable import StateSync
import XCTest

/// A reduced state published as the parts whose inputs changed (`SessionProjection.projectChanges`,
/// `JSONPatch.diff(changing:previous:)`): for random sequences of changes to every part, the
/// operations are exactly those of the whole state's diff, the patched copy is a fresh
/// projection of the state, and a screen to save is derived whenever it may have changed.
final class ProjectedChangesTests: XCTestCase {
    let client = ClientState(row: { id, _ in Pokemon(id: id, name: "mon\(id)", types: ["normal"]) }, publicURL: { "http://127.0.0.1" })

    private func pokemon(_ id: Int) -> Pokemon {
        Pokemon(id: id, name: "mon\(id)", types: id % 2 == 0 ? ["grass"] : ["fire", "flying"])
    }

    private func detail(_ id: Int, loaded: Bool, favorites: Shared<Set<Int>>) -> PokemonDetailFeature.State {
        var state = PokemonDetailFeature.State(pokemon: pokemon(id), favorites: favorites)
        if loaded {
            state.detail = .loaded(PokemonDetail(
                id: id, name: "mon\(id)", types: ["grass"], height: id, weight: 2 * id,
                abilities: [.init(name: "a\(id)", isHidden: false, slot: 1)], stats: [.init(name: "hp", base: id)], baseExperience: id,
                genus: "Seed"
            ))
        }
        return state
    }

    /// One random change to `state` (or to the shared values it holds); returns whether it
    /// changed shared values alone (published as `StateChange.sharedValues`).
    private func change(
        _ state: inout AppFeature.State, _ rng: inout SeededGenerator, favorites: Shared<Set<Int>>, lists: Shared<[ListSummary]>
    ) -> Bool {
        switch Int.random(in: 0..<17, using: &rng) {
        case 0:  // a page more
            let start = state.list.rows.count + 1
            state.list.rows.append(contentsOf: (start..<start + 20).map(pokemon))
            state.list.loadState = .loaded(200)
        case 1:  // a search's first page
            let start = Int.random(in: 1...50, using: &rng)
            state.list.rows = IdentifiedArray((start..<start + Int.random(in: 0...25, using: &rng)).map(pokemon))
            state.list.search = ["", "pi", "char"].randomElement(using: &rng)!
        case 2:
            state.list.typeFilter = [nil, "grass", "fire"].randomElement(using: &rng)!
            state.list.isLoadingMore.toggle()
        case 3:
            state.destination = .detail(detail(Int.random(in: 1...40, using: &rng), loaded: Bool.random(using: &rng), favorites: favorites))
        case 4:
            if case var .detail(shown) = state.destination {
                shown.detail = detail(shown.pokemon.id, loaded: true, favorites: favorites).detail
                state.destination = .detail(shown)
            }
        case 5:
            state.destination = nil
        case 6:
            var view = FavoritesFeature.State(listID: state.account.activeListID)
            view.sort = [.number, .name, .added].randomElement(using: &rng)!
            state.destination = .favorites(view)
        case 7:
            state.path.append(Bool.random(using: &rng)
                ? .type(PokemonTypeFeature.State(type: "grass"))
                : .detail(detail(Int.random(in: 1...40, using: &rng), loaded: true, favorites: favorites)))
        case 8:
            if !state.path.isEmpty { state.path.removeLast() }
        case 9:
            state.notice = [nil, "Nothing at /x", "Joined"].randomElement(using: &rng)!
        case 10:
            state.alert = Bool.random(using: &rng)
                ? ConfirmationAlert(title: "Leave?", message: "Sure?", confirmLabel: "Leave", intent: .leave(listID: "l1")) : nil
        case 11:
            state.locale = state.locale == .en ? .es : .en
            state.list.locale = state.locale
        case 12:
            state.account.me = User(id: "u1", displayName: ["Ash", "Misty", "Brock"].randomElement(using: &rng)!)
        case 13:
            let id = Int.random(in: 1...30, using: &rng)
            favorites.withLock { if $0.contains(id) { $0.remove(id) } else { $0.insert(id) } }
            return true
        case 14:
            // Joined or left in another tab (not the active list: losing that is an action).
            guard state.account.activeListID == "l1" else { return false }
            lists.withLock { $0 = $0.count == 1 ? $0 + [ListSummary(list: FavoritesList(id: "l2", name: "Team", ownerID: "u2"), role: .editor)] : [$0[0]] }
            return true
        case 15:
            if lists.wrappedValue.count > 1 { state.account.activeListID = state.account.activeListID == "l1" ? "l2" : "l1" }
        default:
            state.account.signIn = Bool.random(using: &rng) ? SignInCode(code: "ABCD2345", expiresAt: Date(timeIntervalSince1970: 1000)) : nil
        }
        return false
    }

    func testChangedPartsGiveTheWholeDiffsOperationsAndTheProjectionAfterRandomChanges() throws {
        for seed in 1...25 as ClosedRange<UInt64> {
            var rng = SeededGenerator(seed: seed)
            let favorites = Shared<Set<Int>>([1])
            let lists = Shared([ListSummary(list: FavoritesList(id: "l1", name: "Mine", ownerID: "u1"), role: .owner)])
            var state = AppFeature.State(account: Account(me: User(id: "u1", displayName: "Ash"), lists: lists, activeListID: "l1"), favorites: favorites)
            let projection = SessionProjection(client)
            var sent = try XCTUnwrap(projection.project(state).objectValue)
            var restorable = state.restorable
            for step in 0..<100 {
                let sharedAlone = change(&state, &rng, favorites: favorites, lists: lists)
                let whole = try XCTUnwrap(SessionProjection(client).project(state).objectValue)
                let expected = JSONPatch.diff(from: .object(sent), to: .object(whole))
                let context = "seed \(seed), step \(step)"
                if sharedAlone, Bool.random(using: &rng) {
                    // As a shared change reaches a session: the shared parts alone.
                    XCTAssertEqual(JSONPatch.diff(from: sent, changing: projection.projectShared(state)), expected, context)
                } else {
                    let changes = projection.projectChanges(state)
                    let operations = JSONPatch.diff(changing: changes.parts) { sent[$0] }
                    XCTAssertEqual(operations, expected, context)
                    XCTAssertEqual(changes.route, state.route, context)
                    if !changes.restorableMayHaveChanged { XCTAssertEqual(state.restorable, restorable, context) }
                    restorable = state.restorable
                }
                sent = try XCTUnwrap(JSONPatch.apply(expected, to: .object(sent)).objectValue)
                XCTAssertEqual(JSONValue.object(sent), .object(whole), context)
            }
        }
    }

    func testClosingADetailChangesOnlyTheDestinationAndTheRoute() throws {
        let favorites = Shared<Set<Int>>([])
        var state = AppFeature.State(account: Account(me: User(id: "u1", displayName: "Ash"), lists: Shared([]), activeListID: "l1"), favorites: favorites)
        state.list.rows = IdentifiedArray((1...40).map(pokemon))
        state.destination = .detail(detail(25, loaded: true, favorites: favorites))
        let projection = SessionProjection(client)
        _ = projection.project(state)

        state.destination = nil
        let changes = projection.projectChanges(state)
        XCTAssertEqual(changes.parts.map(\.key), ["route", "destination"])
        XCTAssertTrue(changes.restorableMayHaveChanged)
        XCTAssertEqual(changes.route, "/")
        // Nothing changed: nothing is built, and the screen to save is as it was.
        let unchanged = projection.projectChanges(state)
        XCTAssertEqual(unchanged.parts.map(\.key), [])
        XCTAssertFalse(unchanged.restorableMayHaveChanged)
        XCTAssertEqual(unchanged.route, "/")
    }

    /// Of the list, only its search and filter are in the screen to save: a page more (rows
    /// and flags) derives none, a search does.
    func testAPageMoreDerivesNoScreenToSaveAndASearchDoes() throws {
        let favorites = Shared<Set<Int>>([])
        var state = AppFeature.State(account: Account(me: User(id: "u1", displayName: "Ash"), lists: Shared([]), activeListID: "l1"), favorites: favorites)
        state.list.rows = IdentifiedArray((1...20).map(pokemon))
        let projection = SessionProjection(client)
        _ = projection.project(state)

        state.list.rows.append(contentsOf: (21...40).map(pokemon))
        state.list.isLoadingMore = true
        let pageMore = projection.projectChanges(state)
        XCTAssertEqual(pageMore.parts.map(\.key), ["list"])
        XCTAssertFalse(pageMore.restorableMayHaveChanged)

        state.list.search = "pi"
        XCTAssertTrue(projection.projectChanges(state).restorableMayHaveChanged)
        state.list.typeFilter = "grass"
        XCTAssertTrue(projection.projectChanges(state).restorableMayHaveChanged)
    }

    /// A session whose list JSON is another session's (an equal list, `RecentJSONCache`) and
    /// then loads a page more gets the new page alone: the pages before it are the very ones
    /// it was sent, so the diff adds the page without walking the others.
    func testAPageMoreKeepsThePagesTheBrowserWasSentFromAnotherSessionsList() throws {
        let favorites = Shared<Set<Int>>([])
        var state = AppFeature.State(account: Account(me: User(id: "u1", displayName: "Ash"), lists: Shared([]), activeListID: "l1"), favorites: favorites)
        state.list.rows = IdentifiedArray((1...20).map(pokemon))
        state.list.loadState = .loaded(200)
        let other = SessionProjection(client)
        let othersList = try XCTUnwrap(other.project(state)["list"])
        let projection = SessionProjection(client)
        let sent = try XCTUnwrap(projection.project(state).objectValue)
        XCTAssertEqual(sent["list"]?.objectValue?.sharesStorage(with: try XCTUnwrap(othersList.objectValue)), true)

        state.list.rows.append(contentsOf: (21...40).map(pokemon))
        let changes = projection.projectChanges(state)
        XCTAssertEqual(changes.parts.map(\.key), ["list"])
        let sentPage = try XCTUnwrap(sent["list"]?["pages"]?.arrayValue?.first?.arrayValue)
        let newPage = try XCTUnwrap(changes.parts.first?.value["pages"]?.arrayValue?.first?.arrayValue)
        XCTAssertTrue(newPage.sharesStorage(with: sentPage))
        let operations = JSONPatch.diff(changing: changes.parts) { sent[$0] }
        XCTAssertEqual(operations, JSONPatch.diff(from: .object(sent), to: SessionProjection(client).project(state)))
        XCTAssertEqual(operations.map(\.path), ["/list/pages/1"])
    }

    /// The notice, the alert and the account, kept by one memo only while any shows
    /// something, are whole in every projection and changed only when they change.
    func testTheRarePartsAreWholeInEveryProjectionAndChangedOnlyWhenTheyChange() throws {
        var state = AppFeature.State(account: Account(me: User(id: "u1", displayName: "Ash"), lists: Shared([]), activeListID: "l1"), favorites: Shared([]))
        let projection = SessionProjection(client)
        let first = projection.project(state)
        XCTAssertEqual(first["account"], ["signIn": .null])
        XCTAssertEqual(first["notice"], .null)
        XCTAssertEqual(first["alert"], .null)
        XCTAssertEqual(projection.projectChanges(state).parts.map(\.key), [])

        state.account.signIn = SignInCode(code: "ABCD2345", expiresAt: Date(timeIntervalSince1970: 1000))
        state.notice = "Joined"
        XCTAssertEqual(projection.projectChanges(state).parts.map(\.key), ["notice", "account"])
        XCTAssertEqual(projection.projectChanges(state).parts.map(\.key), [])
        XCTAssertEqual(projection.project(state)["account"]?["signIn"]?["code"], "ABCD2345")
        XCTAssertEqual(projection.project(state)["notice"], "Joined")

        state.account.signIn = nil
        state.notice = nil
        let cleared = projection.projectChanges(state)
        XCTAssertEqual(cleared.parts.map(\.key), ["notice", "account"])
        XCTAssertEqual(cleared.parts.last?.value, ["signIn": .null])
        XCTAssertEqual(projection.project(state), SessionProjection(client).project(state))
    }

    /// The favorites and the lists are known unchanged by their shared versions: a change of
    /// either between projections (a star, a list joined elsewhere), or one a shared change
    /// already projected, is found all the same, and nothing else is.
    func testSharedValuesChangedBetweenProjectionsAreFoundByTheirVersions() throws {
        let favorites = Shared<Set<Int>>([1])
        let lists = Shared([ListSummary(list: FavoritesList(id: "l1", name: "Mine", ownerID: "u1"), role: .owner)])
        var state = AppFeature.State(account: Account(me: User(id: "u1", displayName: "Ash"), lists: lists, activeListID: "l1"), favorites: favorites)
        let projection = SessionProjection(client)
        _ = projection.project(state)
        XCTAssertEqual(projection.projectChanges(state).parts.map(\.key), [])

        favorites.withLock { $0.insert(2) }
        XCTAssertEqual(projection.projectChanges(state).parts.map(\.key), ["favorites"])
        XCTAssertEqual(projection.projectChanges(state).parts.map(\.key), [])

        lists.withLock { $0.append(ListSummary(list: FavoritesList(id: "l2", name: "Team", ownerID: "u2"), role: .editor)) }
        XCTAssertEqual(projection.projectChanges(state).parts.map(\.key), ["lists"])

        // A star projected as a shared change, then one more before the next action.
        favorites.withLock { $0.insert(3) }
        XCTAssertEqual(projection.projectShared(state).map(\.key), ["favorites"])
        XCTAssertEqual(projection.projectChanges(state).parts.map(\.key), [])
        favorites.withLock { $0.remove(1) }
        XCTAssertEqual(projection.projectChanges(state).parts.map(\.key), ["favorites"])

        // The Favorites view shows the rows: a star then changes the lists too.
        state.destination = .favorites(FavoritesFeature.State(listID: "l1"))
        _ = projection.projectChanges(state)
        favorites.withLock { $0.insert(4) }
        XCTAssertEqual(projection.projectChanges(state).parts.map(\.key), ["favorites", "lists"])
        XCTAssertEqual(projection.project(state), SessionProjection(client).project(state))
    }
}
