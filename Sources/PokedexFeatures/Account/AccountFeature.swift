import AccountClient
import Composable
import PokedexModels

/// One identity on every device: a sign-in code for another browser (only the session that
/// asked shows it), signing this browser out, and signing out everywhere. Signing out ends
/// the session on the server, so its reducer has nothing to show for it. "Report a problem"
/// asks the client to record the session from now on and shows the reference it answers. A
/// refusal (a rate, a failed commit) is the action's `error` frame, sent by the live client.
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
        /// The user consents to this session being recorded, to report a problem.
        case reportProblem
        case problemReported(ProblemReport)
        /// The report's dialog closed: the reference is no longer shown (the recording goes on
        /// until the session ends).
        case problemReportDismissed
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

            case .reportProblem:
                // The recording starts outside the reducer, through the client: it is the
                // session's (the server's), and reducers do no I/O.
                return .run { [accountClient] send in
                    await send(.problemReported(try await accountClient.reportProblem()))
                } catch: { _, _ in
                    // Refused (a rate, or no recordings on this server): the `error` frame says so.
                }

            case let .problemReported(report):
                state.problemReport = report
                return .none

            case .problemReportDismissed:
                state.problemReport = nil
                return .none
            }
        }
    }
}
