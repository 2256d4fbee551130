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

    /// The body, built once: it depends on nothing but the type (dependencies are read while
    /// reducing), and building it on every action cost each action (docs/INTERNALS.md).
    nonisolated(unsafe) private static let composed: some Reducer<State, Action> = AccountFeature().body

    public func reduce(into state: inout State, action: Action) -> Effect<Action> {
        Self.composed.reduce(into: &state, action: action)
    }

    public var body: some Reducer<State, Action> {
        Reduce { state, action in
            switch action {
            case .createSignInCode:
                return call(accountClient.createSignInCode, answer: Action.signInCodeCreated)

            case let .signInCodeCreated(code):
                state.signIn = code
                return .none

            case .signInDismissed:
                state.signIn = nil
                return .none

            case .signOut:
                state.signIn = nil
                return call(accountClient.signOut)

            case .signOutEverywhere:
                state.signIn = nil
                return call(accountClient.signOutEverywhere)

            case .reportProblem:
                // The recording starts outside the reducer, through the client: it is the
                // session's (the server's), and reducers do no I/O.
                return call(accountClient.reportProblem, answer: Action.problemReported)

            case let .problemReported(report):
                state.problemReport = report
                return .none

            case .problemReportDismissed:
                state.problemReport = nil
                return .none
            }
        }
    }

    /// Calls the client and sends its answer back as `answer`, if given. A refusal (a rate, a
    /// failed commit, no recordings on this server) changes nothing here: the live client
    /// sends the action's `error` frame, which says so.
    private func call<Answer: Sendable>(
        _ request: @escaping @Sendable () async throws -> Answer, answer: (@Sendable (Answer) -> Action)? = nil
    ) -> Effect<Action> {
        .run { send in
            let value = try await request()
            if let answer { await send(answer(value)) }
        } catch: { _, _ in }
    }
}
