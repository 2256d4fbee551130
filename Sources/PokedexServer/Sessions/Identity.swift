import PokedexModels
import StateSync
import Storage

/// Who a `hello` is: the token's user, or a new user (with a generated name and a new token)
/// when there is no token, or when the token is unknown and the client asked for one.
struct Identity {
    struct SignIn {
        let user: User
        /// Set for a user this hello created: their token, and their personal (empty) list.
        var newToken: String?
        var newList: FavoritesList?
    }

    let users: any UserStore

    /// `mayCreateUser` is asked just before a user would be created (the new-users rate);
    /// false refuses the hello with `rate_limited`, creating nothing.
    func resolve(_ hello: ClientMessage.Hello, mayCreateUser: () -> Bool = { true }) async throws(ProtocolError) -> SignIn {
        do {
            if let token = hello.token, let user = try users.user(forToken: token) {
                return SignIn(user: user)
            }
            if hello.token != nil, !hello.newUser {
                throw ProtocolError(.unknownToken, "This token belongs to no user. Say hello without a token (or with newUser) to start as a new user.")
            }
            guard mayCreateUser() else {
                throw ProtocolError(.rateLimited, "Too many new users from your address: try again in a minute, or sign in with your token.")
            }
            let created = try await users.createUser(displayName: DisplayNameGenerator.generate())
            return SignIn(user: created.user, newToken: created.token, newList: created.personalList)
        } catch let error as ProtocolError {
            throw error
        } catch {
            throw ProtocolError(.badMessage, "Could not sign in: \(error).")
        }
    }
}
