import AccountClient
import Composable
import PokedexModels
import Storage

extension AccountClient {
    /// A session's account: its user and the token its browser holds (`writer`), written on the
    /// storage queue through the hub, whose events then end the sessions of revoked tokens
    /// (here and, through the change feed, in every other process). Every closure captures one
    /// object, `LiveAccount`, as `FavoritesClient.live`'s do.
    static func live(shared: AccountServices, writer: SessionWriter, recording: RecordingSlot) -> AccountClient {
        let live = LiveAccount(shared: shared, writer: writer, recording: recording)
        return AccountClient(
            createSignInCode: { [live] in try await live.createSignInCode() },
            signOut: { [live] in try await live.signOut() },
            signOutEverywhere: { [live] in try await live.signOutEverywhere() },
            reportProblem: { [live] in try await live.reportProblem() }
        )
    }
}

/// What every session's account client shares: the hub, the clock (a sign-in code's expiry),
/// the sign-in codes' limit and where a refusal is counted. Built once per server.
final class AccountServices: Sendable {
    let hub: FavoritesHub
    let clock: ServerClock
    let codes: any KeyedRateLimit
    let refused: @Sendable (LimitKind) -> Void

    init(hub: FavoritesHub, clock: ServerClock, codes: any KeyedRateLimit, refused: @escaping @Sendable (LimitKind) -> Void) {
        self.hub = hub
        self.clock = clock
        self.codes = codes
        self.refused = refused
    }
}

/// What a session's `AccountClient` does, by the session's user through its writer.
final class LiveAccount: Sendable {
    let shared: AccountServices
    let writer: SessionWriter
    let recording: RecordingSlot
    var hub: FavoritesHub { shared.hub }
    var clock: ServerClock { shared.clock }
    var codes: any KeyedRateLimit { shared.codes }
    var refused: @Sendable (LimitKind) -> Void { shared.refused }

    init(shared: AccountServices, writer: SessionWriter, recording: RecordingSlot) {
        self.shared = shared
        self.writer = writer
        self.recording = recording
    }

    func createSignInCode() async throws -> SignInCode {
        let (hub, clock, codes, refused, userID) = (self.hub, self.clock, self.codes, self.refused, writer.userID)
        return try await writer.write { _, committed in
            guard try await codes.admit(userID) else {
                refused(.signInCodes)
                throw LimitReached(kind: .signInCodes, limit: codes.perMinute)
            }
            return try await hub.write(committed: committed) { _ in
                (try hub.users.createSignInCode(userID: userID, at: clock.date()), [])
            }
        }
    }

    func signOut() async throws {
        let (hub, writer, userID) = (self.hub, self.writer, writer.userID)
        try await writer.write { _, committed in
            guard let hash = writer.token?.hash else { throw FavoritesError.forbidden }
            return try await hub.write(committed: committed) { _ in
                try hub.users.revokeToken(hash: hash, userID: userID)
                return ((), [.signedOut(userID: userID, tokenHash: hash)])
            }
        }
    }

    func signOutEverywhere() async throws {
        let (hub, userID) = (self.hub, writer.userID)
        try await writer.write { _, committed in
            try await hub.write(committed: committed) { _ in
                try hub.users.revokeAllTokens(userID: userID)
                return ((), [.signedOut(userID: userID, tokenHash: nil)])
            }
        }
    }

    func reportProblem() async throws -> ProblemReport {
        let (recording, refused) = (self.recording, self.refused)
        // Through the writer, so a refusal is the action's `error` frame.
        return try await writer.write { _, committed in
            let reference: String
            do {
                reference = try await recording.consent()
            } catch let limit as LimitReached {
                refused(limit.kind)
                throw limit
            }
            committed(.other)
            return ProblemReport(reference: reference)
        }
    }
}
