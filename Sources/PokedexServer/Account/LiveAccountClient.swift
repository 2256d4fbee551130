import AccountClient
import Composable
import PokedexModels
import Storage

extension AccountClient {
    /// The account of `user` in the session whose browser holds `token`: writes on the storage
    /// queue through the hub, whose events then end the sessions of revoked tokens (here and,
    /// through the change feed, in every other process).
    static func live(
        hub: FavoritesHub, user: User, token: SessionToken, clock: ServerClock, codes: AddressRateLimits,
        refused: @escaping @Sendable (LimitKind) -> Void
    ) -> AccountClient {
        AccountClient(
            createSignInCode: {
                try await ActionContext.committing { committed in
                    guard codes.admit(user.id) else {
                        refused(.signInCodes)
                        throw LimitReached(kind: .signInCodes, limit: codes.perMinute)
                    }
                    return try await hub.write(committed: committed) { _ in
                        (try hub.users.createSignInCode(userID: user.id, at: clock.date()), [])
                    }
                }
            },
            signOut: {
                try await ActionContext.committing { committed in
                    try await hub.write(committed: committed) { _ in
                        let hash = token.hash
                        try hub.users.revokeToken(hash: hash, userID: user.id)
                        return ((), [.signedOut(userID: user.id, tokenHash: hash)])
                    }
                }
            },
            signOutEverywhere: {
                try await ActionContext.committing { committed in
                    try await hub.write(committed: committed) { _ in
                        try hub.users.revokeAllTokens(userID: user.id)
                        return ((), [.signedOut(userID: user.id, tokenHash: nil)])
                    }
                }
            }
        )
    }
}
