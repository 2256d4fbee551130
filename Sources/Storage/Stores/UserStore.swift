import Foundation
import PokedexModels

/// Users and their bearer tokens, whichever database keeps them (SQLite's `SQLiteUserStore`,
/// or PostgreSQL's in cluster mode). Calls block: run them off the service threads.
public protocol UserStore: Sendable {
    /// Creates a user with a fresh token (returned once, stored only as its SHA-256) and
    /// their personal list, owned by them and empty.
    func createUser(displayName: String) async throws -> (user: User, token: String, personalList: FavoritesList)
    /// The user holding `token`, or nil for a token nobody holds.
    func user(forToken token: String) throws -> User?
    func user(id: String) throws -> User?
    /// Sets the user's display name (validated as `DisplayName.validated`).
    func rename(userID: String, to displayName: String) throws -> User

    // MARK: One identity on every device

    /// Issues a sign-in code for the user, good once until `now + SignInCode.lifetime`
    /// (stored only as its SHA-256).
    func createSignInCode(userID: String, at now: Date) throws -> SignInCode
    /// Redeems a code (as issued, see `SignInCode.normalized`): marks it used and gives its
    /// user a new token of their own (returned once, stored hashed). Throws `AccountError`
    /// for a code never issued, used or expired, changing nothing.
    func redeemSignInCode(_ code: String, at now: Date) throws -> (user: User, token: String)
    /// Revokes the user's token whose stored hash is `tokenHash` (one browser signs out).
    func revokeToken(hash tokenHash: String, userID: String) throws
    /// Revokes every token and unused sign-in code of the user (signed out everywhere).
    func revokeAllTokens(userID: String) throws
}
