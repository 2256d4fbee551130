import AccountClient
import Composable
import PokedexModels
import Storage

extension AccountClient {
    /// A session's account: its user and the token its browser holds (`writer`), written on the
    /// storage queue through the hub, whose events then end the sessions of revoked tokens
    /// (here and, through the change feed, in every other process).
    static func live(
        hub: FavoritesHub, writer: SessionWriter, clock: ServerClock, codes: any KeyedRateLimit, recording: RecordingSlot,
        refused: @escaping @Sendable (LimitKind) -> Void
    ) -> AccountClient {
        let userID = writer.userID
        return AccountClient(
            createSignInCode: {
                try await writer.write { _, committed in
                    guard try await codes.admit(userID) else {
                        refused(.signInCodes)
                        throw LimitReached(kind: .signInCodes, limit: codes.perMinute)
                    }
                    return try await hub.write(committed: committed) { _ in
                        (try hub.users.createSignInCode(userID: userID, at: clock.date()), [])
                    }
                }
            },
            signOut: {
                try await writer.write { _, committed in
                    guard let hash = writer.token?.hash else { throw FavoritesError.forbidden }
                    return try await hub.write(committed: committed) { _ in
                        try hub.users.revokeToken(hash: hash, userID: userID)
                        return ((), [.signedOut(userID: userID, tokenHash: hash)])
                    }
                }
            },
            signOutEverywhere: {
                try await writer.write { _, committed in
                    try await hub.write(committed: committed) { _ in
                        try hub.users.revokeAllTokens(userID: userID)
                        return ((), [.signedOut(userID: userID, tokenHash: nil)])
                    }
                }
            },
            reportProblem: {
                // Through the writer, so a refusal is the action's `error` frame.
                try await writer.write { _, committed in
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
        )
    }
}
