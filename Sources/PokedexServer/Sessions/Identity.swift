import Foundation
import PokedexModels
import StateSync
import Storage

/// Who a `hello` is: the user of a sign-in code (with a new token of this browser's own), the
/// token's user, or a new user (with a generated name and a new token) when there is no
/// token, or when the token is unknown and the client asked for one.
struct Identity {
    struct SignIn {
        let user: User
        /// Set for a user this hello created or signed in with a code: their new token.
        var newToken: String?
        /// Set for a user this hello created: their personal (empty) list.
        var newList: FavoritesList?
        /// The stored hash of the token the browser now holds (the session ends when it is revoked).
        var tokenHash: String
    }

    let users: any UserStore
    /// Where the blocking look-ups run: a hello's task must not hold one of Swift's few
    /// cooperative threads through a database round trip (in cluster mode two such threads
    /// capped every process at a few hundred hellos a second, and starved every other task).
    let storage: StorageQueue
    /// The wall-clock time a code's expiry is checked against (the server clock's `date`).
    let now: @Sendable () -> Date

    /// `mayCreateUser` is asked just before a user would be created (the new-users rate),
    /// `maySignIn` before a code is looked up (the sign-ins rate); false refuses the hello
    /// with `rate_limited`, creating nothing. Either may wait for storage (cluster mode counts
    /// them in the shared database); one that throws refuses the hello with `storage`.
    func resolve(
        _ hello: ClientMessage.Hello, mayCreateUser: () async throws -> Bool = { true },
        maySignIn: () async throws -> Bool = { true }
    ) async throws(ProtocolError) -> SignIn {
        do {
            if let code = hello.signIn {
                guard try await admitted(maySignIn) else { throw ProtocolError(.rateLimited, LimitReached(kind: .signIns, limit: 0).description) }
                let locale = hello.locale.flatMap(AppLocale.init(tag:)) ?? .en
                return try await storage.run { [self] in try signIn(code, locale: locale) }
            }
            let users = self.users
            if let token = hello.token, let user = try await storage.run({ try users.user(forToken: token) }) {
                return SignIn(user: user, tokenHash: RandomToken.storedHash(of: token))
            }
            if hello.token != nil, !hello.newUser {
                throw ProtocolError(.unknownToken, "This token belongs to no user. Say hello without a token (or with newUser) to start as a new user.")
            }
            guard try await admitted(mayCreateUser) else {
                throw ProtocolError(.rateLimited, "Too many new users from your address: try again in a minute, or sign in with your token.")
            }
            let created = try await users.createUser(displayName: DisplayNameGenerator.generate())
            return SignIn(
                user: created.user, newToken: created.token, newList: created.personalList,
                tokenHash: RandomToken.storedHash(of: created.token)
            )
        } catch let error as ProtocolError {
            throw error
        } catch {
            throw ProtocolError(.badMessage, "Could not sign in: \(error).")
        }
    }

    /// The rate's verdict; a rate that could not be counted refuses with `storage`.
    private func admitted(_ rate: () async throws -> Bool) async throws(ProtocolError) -> Bool {
        do {
            return try await rate()
        } catch {
            throw ProtocolError(.storage, "Could not count new users and sign-ins: storage is unavailable. Try again later.")
        }
    }

    private func signIn(_ code: String, locale: AppLocale) throws -> SignIn {
        do {
            let (user, token) = try users.redeemSignInCode(code, at: now())
            return SignIn(user: user, newToken: token, tokenHash: RandomToken.storedHash(of: token))
        } catch let refusal as AccountError {
            throw ProtocolError(ProtocolError.Code(rawValue: refusal.code) ?? .forbidden, refusal.message(in: locale))
        }
    }
}
