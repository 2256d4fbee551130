import Composable
import ComposableTesting
import FavoritesClient
@testable import PokedexFeatures
import PokedexModels
import XCTest

/// Named lists, roles, roster pages and invite terms: what the root and the Favorites view do
/// with them. Deleting and handing over wait for a confirmation alert in state.
@MainActor
final class NamedListsFlowTests: XCTestCase {
    let accounts = InMemoryFavorites()

    func makeStore(route: String = "/", locale: AppLocale = .en, client adjust: (inout FavoritesClient) -> Void = { _ in }) -> TestStore<AppFeature> {
        let favorites = accounts.favoritesByList[InMemoryFavorites.personal.id]!
        var client = accounts.client
        adjust(&client)
        return TestStore(
            initialState: AppFeature.State(route: route, account: accounts.account, favorites: favorites, locale: locale),
            reducer: AppFeature()
        ) {
            $0.favoritesClient = client
            $0.pokemonClient = Fixtures.client()
        }
    }

    func view(_ listID: String) -> FavoritesFeature.State {
        modify(FavoritesFeature.State(listID: listID)) {
            $0.roster = self.accounts.rostersByList[listID]
            $0.activity = self.accounts.activityByList[listID]
        }
    }

    func testCreatingAListMakesItActive() async {
        let store = makeStore()
        await store.send(.lists(.create(name: "Gym team")))
        let gym = FavoritesList(id: "gym-team", name: "Gym team", ownerID: "ash")
        await store.receive(.lists(.created(gym))) {
            $0.account.lists.withLock { $0.append(ListSummary(list: gym, role: .owner)) }
        }
        await store.receive(.lists(.delegate(.activate(listID: "gym-team")))) {
            $0.account.activeListID = "gym-team"
            $0.favorites = self.accounts.favoritesByList["gym-team"]!
            $0.list.favorites = self.accounts.favoritesByList["gym-team"]!
        }
        XCTAssertEqual(store.state.account.activeRole, .owner)
        XCTAssertEqual(accounts.calls.withLock { $0 }, ["create Gym team"])
    }

    func testAFailedCreationSaysWhyAndChangesNothing() async {
        let store = makeStore()
        accounts.failWrites.withLock { $0 = true }
        await store.send(.lists(.create(name: "Gym team")))
        await store.receive(.lists(.delegate(.failed("database or disk is full")))) { $0.notice = "database or disk is full" }
        XCTAssertEqual(store.state.account.activeListID, "ash-list")
    }

    func testRenamingShowsTheNewNameThroughTheSharedLists() async {
        let store = makeStore()
        await store.send(.lists(.rename(id: "ash-list", name: "Kanto")))
        await store.finish()
        // The rename reached the shared lists (as the hub's refresh does): every session shows it.
        XCTAssertEqual(store.state.account.activeList?.name, "Kanto")
        XCTAssertEqual(accounts.calls.withLock { $0 }, ["rename ash-list Kanto"])
    }

    func testDeletingAListWaitsForTheAlertThenEverySessionDropsIt() async {
        let store = makeStore()
        await store.send(.lists(.create(name: "Gym team")))
        await store.skipReceivedActions()
        await store.send(.lists(.delete(id: "gym-team"))) {
            $0.alert = ConfirmationAlert(
                title: "Delete “Gym team”?", message: "Its stars, members and invites go with it, for everyone. This cannot be undone.",
                confirmLabel: "Delete", intent: .deleteList(listID: "gym-team")
            )
        }
        await store.send(.alert(.cancel)) { $0.alert = nil }
        XCTAssertEqual(accounts.calls.withLock { $0 }, ["create Gym team"])
        await store.send(.lists(.delete(id: "gym-team"))) {
            $0.alert = ConfirmationAlert(
                title: "Delete “Gym team”?", message: "Its stars, members and invites go with it, for everyone. This cannot be undone.",
                confirmLabel: "Delete", intent: .deleteList(listID: "gym-team")
            )
        }
        await store.send(.alert(.confirm)) { $0.alert = nil }
        await store.finish()
        XCTAssertEqual(accounts.calls.withLock { $0 }, ["create Gym team", "delete gym-team"])
        // The session saw the list gone from the shared lists and sends this (as for a removal).
        await store.send(.listAccessLost(listID: "gym-team", listName: "Gym team", .deleted)) {
            $0.account.activeListID = "ash-list"
            $0.favorites = self.accounts.favoritesByList["ash-list"]!
            $0.list.favorites = self.accounts.favoritesByList["ash-list"]!
            $0.notice = "“Gym team” was deleted."
        }
    }

    func testSettingARoleActsOnTheActiveList() async {
        let store = makeStore(route: "/favorites")
        await store.send(.lists(.setRole(member: "misty", role: .viewer)))
        await store.finish()
        XCTAssertEqual(accounts.calls.withLock { $0 }, ["role misty viewer in ash-list"])
    }

    func testHandingTheListOverWaitsForTheAlert() async {
        let store = makeStore(route: "/favorites")
        await store.send(.destination(.presented(.favorites(.onAppear)))) {
            $0.destination = .favorites(self.view("ash-list"))
        }
        await store.send(.lists(.transferOwnership(member: "ash"))) {
            $0.alert = ConfirmationAlert(
                title: "Make Ash the owner?", message: "Ash will own “Favorites”; you stay as an editor.",
                confirmLabel: "Make owner", intent: .transferOwnership(userID: "ash", listID: "ash-list")
            )
        }
        await store.send(.alert(.confirm)) { $0.alert = nil }
        await store.finish()
        XCTAssertEqual(accounts.calls.withLock { $0 }, ["transfer ash-list to ash"])
    }

    func testTheRosterPagesByAPageUpToItsCount() async {
        let page = ListRoster.shownMembers
        let first = accounts.bigRoster(page)
        let store = makeStore(route: "/favorites") { $0.roster = { _ in first } }
        await store.send(.destination(.presented(.favorites(.onAppear)))) {
            $0.destination = .favorites(modify(self.view("ash-list")) { $0.roster = first })
        }
        await store.send(.destination(.presented(.favorites(.moreMembersTapped)))) {
            $0.destination = .favorites(modify(self.view("ash-list")) {
                $0.roster = self.accounts.bigRoster(2 * page)
                $0.memberLimit = 2 * page
            })
        }
        XCTAssertEqual(store.state.shownRoster?.members.count, 2 * page)
        await store.send(.destination(.presented(.favorites(.moreMembersTapped)))) {
            $0.destination = .favorites(modify(self.view("ash-list")) {
                $0.roster = self.accounts.bigRoster(3 * page)
                $0.memberLimit = 3 * page
            })
        }
        XCTAssertEqual(store.state.shownRoster?.members.count, InMemoryFavorites.bigRosterCount)
        // Everyone is listed: another tap reads nothing more.
        await store.send(.destination(.presented(.favorites(.moreMembersTapped))))
        XCTAssertEqual(accounts.calls.withLock { $0 }, ["roster ash-list \(2 * page)", "roster ash-list \(3 * page)"])
        // Switching lists starts the new list's roster at its first page.
        accounts.lists.withLock { $0.append(ListSummary(list: InMemoryFavorites.cerulean, role: .editor)) }
        await store.send(.selectList(id: "cerulean")) {
            $0.account.activeListID = "cerulean"
            $0.favorites = self.accounts.favoritesByList["cerulean"]!
            $0.list.favorites = self.accounts.favoritesByList["cerulean"]!
            $0.destination = .favorites(modify(self.view("cerulean")) { $0.roster = first })
        }
    }

    func testAnInviteCarriesItsTerms() async {
        let store = makeStore(route: "/favorites")
        let options = InviteOptions(expiresInDays: 3, maxUses: 5)
        await store.send(.destination(.presented(.favorites(.inviteTapped(.viewer, options)))))
        let invite = FavoritesFeature.State.Invite(role: .viewer, code: "code-viewer")
        await store.receive(.destination(.presented(.favorites(.inviteCreated(invite))))) {
            $0.destination = .favorites(modify(FavoritesFeature.State(listID: "ash-list")) { $0.invite = invite })
        }
        XCTAssertEqual(accounts.calls.withLock { $0 }, ["invite ash-list viewer 3d 5"])
    }

    func testAnExpiredOrUsedUpInviteSaysSoInTheSessionsLanguage() async {
        let store = makeStore(locale: .es) { $0.join = { _ in throw TestRefusal.expired } }
        await store.send(.navigate(route: "/join/old"))
        await store.receive(.favoritesFailed("Ese enlace caducó.")) { $0.notice = "Ese enlace caducó." }
        XCTAssertEqual(store.state.account.activeListID, "ash-list")
    }

    enum TestRefusal: Error, LocalizedMessage {
        case expired
        func message(in locale: AppLocale) -> String { locale == .es ? "Ese enlace caducó." : "That link expired." }
    }
}
