import AccountClient
import Composable
import PokedexModels
import Storage

extension AccountClient {
    /// The account of the acting user (`ActionContext`: its user, and the token its browser
    /// holds): writes on the storage queue through the hub, whose events then end the sessions
    /// of revoked tokens (here and, through the change feed, in every other process). One per
    /// process.
    static func live(
        hub: FavoritesHub, clock: ServerClock, codes: any KeyedRateLimit, refused: @escaping @Sendable (LimitKind) -> Void
    ) -> AccountClient {
        AccountClient(
            createSignInCode: {
                try await ActionContext.committing { committed in
                    let userID = try ActionContext.actingUserID()
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
                try await ActionContext.committing { committed in
                    let userID = try ActionContext.actingUserID()
                    guard let token = ActionContext.current?.token else { throw FavoritesError.forbidden }
                    return try await hub.write(committed: committed) { _ in
                        let hash = token.hash
                        try hub.users.revokeToken(hash: hash, userID: userID)
                        return ((), [.signedOut(userID: userID, tokenHash: hash)])
                    }
                }
            },
            signOutEverywhere: {
                try await ActionContext.committing { committed in
                    let userID = try ActionContext.actingUserID()
                    return try await hub.write(committed: committed) { _ in
                        try hub.users.revokeAllTokens(userID: userID)
                        return ((), [.signedOut(userID: userID, tokenHash: nil)])
                    }
                }
            }
        )
    }
}
