import Foundation
import Postgres
import PokedexModels
import Storage

/// One identity on every device: sign-in codes and the tokens they give, in PostgreSQL. A
/// revocation is announced in its own transaction, so every process ends the sessions that
/// held the revoked tokens.
extension PostgresUserStore {
    public func createSignInCode(userID: String, at now: Date) throws -> SignInCode {
        let code = SignInCode(code: RandomToken.signInCode(), expiresAt: now.addingTimeInterval(SignInCode.lifetime))
        try pool.transaction { connection in
            guard try !connection.query("SELECT 1 FROM users WHERE id = $1", params: [.text(userID)]).isEmpty else {
                throw FavoritesError.unknownUser
            }
            try connection.execute(
                "DELETE FROM sign_in_codes WHERE user_id = $1 AND (used_at IS NOT NULL OR expires_at <= $2)",
                params: [.text(userID), .double(now.timeIntervalSince1970)]
            )
            try connection.execute(
                "INSERT INTO sign_in_codes (code_hash, user_id, created_at, expires_at) VALUES ($1, $2, $3, $4)",
                params: [
                    .text(RandomToken.storedHash(of: code.code)), .text(userID), .double(now.timeIntervalSince1970),
                    .double(code.expiresAt.timeIntervalSince1970),
                ]
            )
        }
        return code
    }

    public func redeemSignInCode(_ code: String, at now: Date) throws -> (user: User, token: String) {
        guard let code = SignInCode.normalized(code) else { throw AccountError.unknownSignInCode }
        let codeHash = RandomToken.storedHash(of: code)
        let token = RandomToken.secret()
        let user = try pool.transaction { connection in
            // FOR UPDATE: two browsers racing with one code, the second sees it used.
            guard let row = try connection.query(
                "SELECT user_id, expires_at, used_at FROM sign_in_codes WHERE code_hash = $1 FOR UPDATE", params: [.text(codeHash)]
            ).first else { throw AccountError.unknownSignInCode }
            let stored = StoredSignInCode(
                userID: try row.text(0), expiresAt: try row.double(1), usedAt: row.isNull(2) ? nil : try row.double(2)
            )
            try stored.checkRedeemable(at: now)
            try connection.execute(
                "UPDATE sign_in_codes SET used_at = $1 WHERE code_hash = $2", params: [.double(now.timeIntervalSince1970), .text(codeHash)]
            )
            try connection.execute(
                "INSERT INTO tokens (token_hash, user_id, created_at) VALUES ($1, $2, $3)",
                params: [.text(RandomToken.storedHash(of: token)), .text(stored.userID), .double(now.timeIntervalSince1970)]
            )
            guard let user = try connection.query("SELECT id, display_name FROM users WHERE id = $1", params: [.text(stored.userID)]).first else {
                throw AccountError.unknownSignInCode
            }
            return try User(postgres: user)
        }
        return (user, token)
    }

    public func revokeToken(hash tokenHash: String, userID: String) throws {
        try pool.transaction { connection in
            try connection.execute("DELETE FROM tokens WHERE token_hash = $1 AND user_id = $2", params: [.text(tokenHash), .text(userID)])
            try connection.announce(.signedOut(userID: userID, tokenHash: tokenHash), origin: origin)
        }
    }

    public func revokeAllTokens(userID: String) throws {
        try pool.transaction { connection in
            try connection.execute("DELETE FROM tokens WHERE user_id = $1", params: [.text(userID)])
            try connection.execute("DELETE FROM sign_in_codes WHERE user_id = $1", params: [.text(userID)])
            try connection.announce(.signedOut(userID: userID, tokenHash: nil), origin: origin)
        }
    }
}
