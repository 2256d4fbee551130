import PokedexModels

/// Users and their bearer tokens, whichever database keeps them (SQLite's `UserRepository`,
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
}
