import AccountClient
import Composable
import PokedexModels

/// One identity on every device: a sign-in code for another browser (only the session that
/// asked shows it), signing this browser out, and signing out everywhere. Signing out ends
/// the session on the server, so its reducer has nothing to show for it. A refusal (a rate, a
/// failed commit) is the action's `error` frame, sent by the live client.
public struct AccountFeature: Reducer, Sendable {
    public typealias State = Account

    public enum Action: Equatable, Sendable {
        case createSignInCode
        case signInCodeCreated(SignInCode)
        /// The sign-in dialog closed: the code is no longer shown (it still works until used
        /// or expired, like a code written down).
        case signInDismissed
        case signOut
        case signOutEverywhere
    }

    @Dependency(\.accountClient) var accountClient

    public init() {}

    public var body: some Reducer<State, Action> {
        Reduce { state, action in
            switch action {
            case .createSignInCode:
                return .run { [accountClient] send in
                    await send(.signInCodeCreated(try await accountClient.createSignInCode()))
                } catch: { _, _ in
                    // Refused (a rate) or not saved: the action's `error` frame says so.
                }

            case let .signInCodeCreated(code):
                state.signIn = code
                return .none

            case .signInDismissed:
                state.signIn = nil
                return .none

            case .signOut:
                state.signIn = nil
                return .run { [accountClient] _ in try await accountClient.signOut() } catch: { _, _ in }

            case .signOutEverywhere:
                state.signIn = nil
                return .run { [accountClient] _ in try await accountClient.signOutEverywhere() } catch: { _, _ in }
            }
        }
    }
}
