import Composable
import ComposableTesting
import FavoritesClient
@testable import PokedexFeatures
import PokedexModels
import XCTest

/// Favorites as shared state: the view, invites, joining, switching lists, and removals that
/// wait for a confirmation alert in state.
@MainActor
final class FavoritesFlowTests: XCTestCase {
    let accounts = InMemoryFavorites()

    func makeStore(route: String = "/") -> TestStore<AppFeature> { accounts.store(route: route) }

    /// The Favorites view of a list once it has appeared (its roster is live).
    func view(_ listID: String) -> FavoritesFeature.State {
        modify(FavoritesFeature.State(listID: listID)) {
            $0.roster = self.accounts.rostersByList[listID]
            $0.activity = self.accounts.activityByList[listID]
        }
    }

    func testTheFavoritesViewIsPresentedAndRouted() async {
        let store = makeStore()
        await store.send(.favoritesTapped) { $0.destination = .favorites(FavoritesFeature.State(listID: "ash-list")) }
        await store.receive(.destination(.presented(.favorites(.onAppear)))) {
            $0.destination = .favorites(self.view("ash-list"))
        }
        XCTAssertEqual(store.state.route, "/favorites")
        XCTAssertEqual(store.state.shownRoster?.members.map(\.user), [InMemoryFavorites.ash])
        await store.send(.destination(.dismiss)) { $0.destination = nil }
    }

    func testAnOwnerCreatesAnInviteAndDismissesIt() async {
        let store = makeStore(route: "/favorites")
        await store.send(.destination(.presented(.favorites(.inviteTapped(.editor)))))
        let invite = FavoritesFeature.State.Invite(role: .editor, code: "code-editor")
        await store.receive(.destination(.presented(.favorites(.inviteCreated(invite))))) {
            $0.destination = .favorites(modify(FavoritesFeature.State(listID: "ash-list")) { $0.invite = invite })
        }
        await store.send(.destination(.presented(.favorites(.inviteDismissed)))) {
            $0.destination = .favorites(FavoritesFeature.State(listID: "ash-list"))
        }
        XCTAssertEqual(accounts.calls.withLock { $0 }, ["invite ash-list editor"])
    }

    func testAFailedInviteIsShownAndRetryDoesItAgain() async {
        let store = makeStore(route: "/favorites")
        accounts.failWrites.withLock { $0 = true }
        await store.send(.destination(.presented(.favorites(.inviteTapped(.viewer)))))
        let message = "\(InMemoryFavorites.TestError.diskFull)"
        await store.receive(.destination(.presented(.favorites(.intentFailed(.invite(.viewer, InviteOptions()), message))))) {
            $0.destination = .favorites(modify(FavoritesFeature.State(listID: "ash-list")) {
                $0.error = message
                $0.failedIntent = .invite(.viewer, InviteOptions())
            })
        }
        accounts.failWrites.withLock { $0 = false }
        await store.send(.destination(.presented(.favorites(.retryTapped)))) {
            $0.destination = .favorites(FavoritesFeature.State(listID: "ash-list"))
        }
        let invite = FavoritesFeature.State.Invite(role: .viewer, code: "code-viewer")
        await store.receive(.destination(.presented(.favorites(.inviteCreated(invite))))) {
            $0.destination = .favorites(modify(FavoritesFeature.State(listID: "ash-list")) { $0.invite = invite })
        }
        await store.send(.destination(.presented(.favorites(.retryTapped))))  // nothing failed: nothing to do
        XCTAssertEqual(accounts.calls.withLock { $0 }, ["invite ash-list viewer"])
    }

    func testAJoinLinkMakesTheListActiveAndItsStarsShow() async {
        let store = makeStore(route: "/join/join-me")
        XCTAssertEqual(store.state.pendingJoinCode, "join-me")
        store.exhaustivity = .off
        await store.send(.onAppear) { $0.pendingJoinCode = nil }
        await store.receive(.joined(InMemoryFavorites.cerulean)) {
            $0.account.activeListID = "cerulean"
            $0.destination = .favorites(FavoritesFeature.State(listID: "cerulean"))
            $0.notice = "You joined “Cerulean”."
        }
        XCTAssertEqual(store.state.favorites.wrappedValue, [1, 7])
        XCTAssertEqual(store.state.list.favorites.wrappedValue, [1, 7])
        XCTAssertEqual(store.state.account.activeRole, .editor)
        XCTAssertEqual(store.state.route, "/favorites")
    }

    func testAnUnknownInviteLeavesEverythingAsItWas() async {
        let store = makeStore()
        await store.send(.navigate(route: "/join/nope"))
        await store.receive(.favoritesFailed("That invite is unknown.")) { $0.notice = "That invite is unknown." }
        XCTAssertEqual(store.state.account.activeListID, "ash-list")
    }

    func testSelectingAListThatIsNotMineChangesNothing() async {
        let store = makeStore()
        await store.send(.selectList(id: "cerulean"))
        XCTAssertEqual(store.state.account.activeListID, "ash-list")
    }

    func testRemovingAMemberWaitsForTheAlert() async {
        let store = makeStore(route: "/favorites")
        await store.send(.destination(.presented(.favorites(.onAppear)))) {
            $0.destination = .favorites(self.view("ash-list"))
        }
        await store.send(.destination(.presented(.favorites(.removeMemberTapped(userID: "ash")))))
        await store.receive(.destination(.presented(.favorites(.delegate(.confirmRemoval(userID: "ash"))))))
        await store.receive(.lists(.askToRemove(member: "ash"))) {
            $0.alert = ConfirmationAlert(
                title: "Remove Ash?", message: "Ash will no longer see or change “Favorites”.",
                confirmLabel: "Remove", intent: .removeMember(userID: "ash", listID: "ash-list")
            )
        }
        await store.send(.alert(.cancel)) { $0.alert = nil }
        XCTAssertEqual(accounts.calls.withLock { $0 }, [])
        await store.send(.destination(.presented(.favorites(.removeMemberTapped(userID: "ash")))))
        await store.receive(.destination(.presented(.favorites(.delegate(.confirmRemoval(userID: "ash"))))))
        await store.receive(.lists(.askToRemove(member: "ash"))) {
            $0.alert = ConfirmationAlert(
                title: "Remove Ash?", message: "Ash will no longer see or change “Favorites”.",
                confirmLabel: "Remove", intent: .removeMember(userID: "ash", listID: "ash-list")
            )
        }
        await store.send(.alert(.confirm)) { $0.alert = nil }
        await store.finish()
        XCTAssertEqual(accounts.calls.withLock { $0 }, ["remove ash from ash-list"])
    }

    func testLeavingTheActiveListFallsBackToThePersonalOne() async {
        let store = makeStore(route: "/join/join-me")
        store.exhaustivity = .off
        await store.send(.onAppear)
        await store.receive(.joined(InMemoryFavorites.cerulean))
        await store.receive(.destination(.presented(.favorites(.onAppear))))
        store.exhaustivity = .on
        store.skipReceivedActions()
        await store.send(.destination(.presented(.favorites(.leaveTapped))))
        await store.receive(.destination(.presented(.favorites(.delegate(.confirmLeave)))))
        await store.receive(.lists(.askToLeave)) {
            $0.alert = ConfirmationAlert(
                title: "Leave “Cerulean”?", message: "You will need a new invite to join it again.",
                confirmLabel: "Leave", intent: .leave(listID: "cerulean")
            )
        }
        await store.send(.alert(.confirm)) { $0.alert = nil }
        // The leave effect answers at once: its change to the shared lists is asserted with
        // the action it sent, as in TCA.
        await store.receive(.lists(.delegate(.left(listID: "cerulean")))) {
            $0.account.lists.withLock { $0.removeAll { $0.id == "cerulean" } }
            $0.account.activeListID = "ash-list"
            $0.favorites = self.accounts.favoritesByList["ash-list"]!
            $0.list.favorites = self.accounts.favoritesByList["ash-list"]!
            $0.destination = .favorites(self.view("ash-list"))
        }
        XCTAssertEqual(store.state.favorites.wrappedValue, [])
        XCTAssertEqual(store.state.account.lists.wrappedValue.map(\.id), ["ash-list"])
    }

    func testAStarInTheDetailWritesToTheActiveList() async {
        let store = makeStore()
        store.exhaustivity = .off
        await store.send(.list(.rowTapped(Fixtures.dex[24])))
        // Let the detail finish loading, so nothing arrives after the store turns exhaustive.
        await store.receive(.destination(.presented(.detail(.detailLoaded(Fixtures.detail(25))))))
        store.exhaustivity = .on
        await store.send(.favoriteSet(listID: "ash-list", id: 25, on: true))
        await store.finish()
        XCTAssertTrue(store.state.favorites.wrappedValue.contains(25))
        XCTAssertEqual(accounts.favoritesByList["ash-list"]!.wrappedValue, [25])
        // The same intent again (a second tab, a replay) is sent as it is: still set, never a toggle.
        await store.send(.favoriteSet(listID: "ash-list", id: 25, on: true))
        await store.finish()
        await store.send(.favoriteSet(listID: "ash-list", id: 25, on: false))
        await store.finish()
        XCTAssertFalse(store.state.favorites.wrappedValue.contains(25))
        XCTAssertEqual(accounts.calls.withLock { $0 }, ["set 25 in ash-list", "set 25 in ash-list", "unset 25 in ash-list"])
    }

    func testAStarOnAStackedDetailAndInTheListGoesToTheActiveList() async {
        let store = makeStore(route: "/pokemon/5/type/grass/pokemon/10")
        store.exhaustivity = .off
        await store.send(.onAppear)
        await store.skipReceivedActions()
        store.exhaustivity = .on
        await store.send(.favoriteSet(listID: "ash-list", id: 10, on: true))
        await store.finish()
        XCTAssertTrue(store.state.favorites.wrappedValue.contains(10))
        await store.send(.favoriteSet(listID: "ash-list", id: 3, on: true))
        await store.finish()
        XCTAssertTrue(store.state.favorites.wrappedValue.contains(3))
        XCTAssertEqual(accounts.favoritesByList["ash-list"]!.wrappedValue, [3, 10])
    }

    func testAFailedCommitChangesNothing() async {
        let store = makeStore()
        accounts.failWrites.withLock { $0 = true }
        await store.send(.favoriteSet(listID: "ash-list", id: 3, on: true))
        await store.finish()
        XCTAssertEqual(store.state.favorites.wrappedValue, [])
    }

    func testLosingTheActiveListFallsBackToThePersonalOneWithANotice() async {
        let store = makeStore(route: "/join/join-me")
        store.exhaustivity = .off
        await store.send(.onAppear)
        await store.receive(.joined(InMemoryFavorites.cerulean))
        await store.skipReceivedActions()
        store.exhaustivity = .on
        // Misty removed Ash (the session saw the lists change and sends this).
        accounts.lists.withLock { $0.removeAll { $0.id == "cerulean" } }
        await store.send(.listAccessLost(listID: "cerulean", listName: "Cerulean", .removed)) {
            $0.account.lists.withLock { $0.removeAll { $0.id == "cerulean" } }
            $0.account.activeListID = "ash-list"
            $0.favorites = self.accounts.favoritesByList["ash-list"]!
            $0.list.favorites = self.accounts.favoritesByList["ash-list"]!
            $0.destination = nil
            $0.notice = "You were removed from “Cerulean”."
        }
        XCTAssertEqual(store.state.route, "/")
    }
}
