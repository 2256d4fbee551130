import Composable
import PokedexModels

extension AccountClient: TestDependencyKey {
    /// Every endpoint fails the test unless overridden.
    public static let testValue = AccountClient(
        createSignInCode: unimplemented("AccountClient.createSignInCode"),
        signOut: unimplemented("AccountClient.signOut"),
        signOutEverywhere: unimplemented("AccountClient.signOutEverywhere"),
        reportProblem: unimplemented("AccountClient.reportProblem")
    )
}
