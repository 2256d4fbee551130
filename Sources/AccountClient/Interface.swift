import Composable
import PokedexModels

/// The signed-in user's identity across devices: sign-in codes for another browser, and
/// signing out. One value per session, bound to its user and to the token the session's
/// browser holds (the live value is in `PokedexServer`).
public struct AccountClient: Sendable {
    /// Issues a one-time code that signs another browser in as this user (shown once; stored
    /// hashed; valid for `SignInCode.lifetime`).
    public var createSignInCode: @Sendable () async throws -> SignInCode
    /// Revokes this browser's token: its sessions end, and the browser starts as a new user.
    public var signOut: @Sendable () async throws -> Void
    /// Revokes every token of the user: every session of theirs, in every process, ends.
    public var signOutEverywhere: @Sendable () async throws -> Void
    /// "Report a problem": the session records what it does from now on (with its user's
    /// consent; secrets redacted) and answers the reference to quote in the report.
    public var reportProblem: @Sendable () async throws -> ProblemReport

    /// `reportProblem` defaults to a refusal, for the values that never record (tests of
    /// other flows).
    public init(
        createSignInCode: @escaping @Sendable () async throws -> SignInCode,
        signOut: @escaping @Sendable () async throws -> Void,
        signOutEverywhere: @escaping @Sendable () async throws -> Void,
        reportProblem: @escaping @Sendable () async throws -> ProblemReport = { throw RecordingUnavailable() }
    ) {
        self.createSignInCode = createSignInCode
        self.signOut = signOut
        self.signOutEverywhere = signOutEverywhere
        self.reportProblem = reportProblem
    }

    /// This session cannot record (the server keeps no recordings on consent).
    public struct RecordingUnavailable: Error {
        public init() {}
    }
}

extension DependencyValues {
    public var accountClient: AccountClient {
        get { self[AccountClient.self] }
        set { self[AccountClient.self] = newValue }
    }
}
