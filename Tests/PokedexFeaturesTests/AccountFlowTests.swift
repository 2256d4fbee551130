import AccountClient
import Composable
import ComposableTesting
import PokedexFeatures
import PokedexModels
import Synchronization
import XCTest

/// One identity on every device: the sign-in code only the asking session shows, signing out
/// here or everywhere through the account client, and a rename made in another tab.
@MainActor
final class AccountFlowTests: XCTestCase {
    let accounts = InMemoryFavorites()
    final class Calls: Sendable {
        let list = Mutex<[String]>([])
        func append(_ call: String) { list.withLock { $0.append(call) } }
        var all: [String] { list.withLock { $0 } }
    }

    let calls = Calls()
    let code = SignInCode(code: "ABCDEFGH", expiresAt: Date(timeIntervalSince1970: 1_800_000_600))

    func makeStore(failing: Bool = false) -> TestStore<AppFeature> {
        let favorites = accounts.favoritesByList[InMemoryFavorites.personal.id]!
        let code = self.code
        let calls = self.calls
        return TestStore(
            initialState: AppFeature.State(route: "/", account: accounts.account, favorites: favorites),
            reducer: AppFeature()
        ) {
            $0.favoritesClient = self.accounts.client
            $0.pokemonClient = Fixtures.client()
            $0.accountClient = AccountClient(
                createSignInCode: {
                    calls.append("code")
                    if failing { throw InMemoryFavorites.TestError.diskFull }
                    return code
                },
                signOut: { calls.append("signOut") },
                signOutEverywhere: { calls.append("signOutEverywhere") },
                reportProblem: {
                    calls.append("report")
                    if failing { throw InMemoryFavorites.TestError.diskFull }
                    return ProblemReport(reference: "5e55")
                }
            )
        }
    }

    func testASignInCodeIsShownUntilTheDialogCloses() async {
        let store = makeStore()
        await store.send(.account(.createSignInCode))
        await store.receive(.account(.signInCodeCreated(code))) { $0.account.signIn = self.code }
        await store.send(.account(.signInDismissed)) { $0.account.signIn = nil }
        XCTAssertEqual(calls.all, ["code"])
    }

    /// "Report a problem": the client starts the recording; the reference shows until the
    /// dialog closes (the recording goes on).
    func testReportingAProblemShowsTheReferenceToQuoteUntilDismissed() async {
        let store = makeStore()
        await store.send(.account(.reportProblem))
        await store.receive(.account(.problemReported(ProblemReport(reference: "5e55")))) { $0.account.problemReport = ProblemReport(reference: "5e55") }
        await store.send(.account(.problemReportDismissed)) { $0.account.problemReport = nil }
        XCTAssertEqual(calls.all, ["report"])
    }

    func testARefusedReportShowsNothing() async {
        let store = makeStore(failing: true)
        await store.send(.account(.reportProblem))
        XCTAssertNil(store.state.account.problemReport)
        XCTAssertEqual(calls.all, ["report"])
    }

    func testARefusedCodeShowsNothing() async {
        let store = makeStore(failing: true)
        await store.send(.account(.createSignInCode))
        XCTAssertNil(store.state.account.signIn)
        XCTAssertEqual(calls.all, ["code"])
    }

    func testSigningOutAsksTheClientAndForgetsAShownCode() async {
        let store = makeStore()
        await store.send(.account(.createSignInCode))
        await store.receive(.account(.signInCodeCreated(code))) { $0.account.signIn = self.code }
        await store.send(.account(.signOut)) { $0.account.signIn = nil }
        await store.send(.account(.signOutEverywhere))
        XCTAssertEqual(calls.all, ["code", "signOut", "signOutEverywhere"])
    }

    func testARenameMadeInAnotherTabShowsHere() async {
        let store = makeStore()
        let renamed = User(id: InMemoryFavorites.ash.id, displayName: "Red")
        await store.send(.renamed(renamed)) { $0.account.me = renamed }
    }
}
