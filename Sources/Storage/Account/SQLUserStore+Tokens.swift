import Foundation
import PokedexModels

/// One identity on every device: sign-in codes and the tokens they give, in either database. A
/// revocation is announced in its own transaction, so every process of a cluster ends the
/// sessions that held the revoked tokens.
extension SQLUserStore {
    public func createSignInCode(userID: String, at now: Date) throws -> SignInCode {
        let code = SignInCode(code: RandomToken.signInCode(), expiresAt: now.addingTimeInterval(SignInCode.lifetime))
        try executor.transaction { connection in
            try connection.requireUser(userID)
            // Codes that can no longer be used are of no use to anyone: gone with each new one.
            try connection.run(
                "DELETE FROM sign_in_codes WHERE user_id = ? AND (used_at IS NOT NULL OR expires_at <= ?)",
                [.text(userID), .real(now.timeIntervalSince1970)]
            )
            try connection.run(
                "INSERT INTO sign_in_codes (code_hash, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)",
                [
                    .text(RandomToken.storedHash(of: code.code)), .text(userID), .real(now.timeIntervalSince1970),
                    .real(code.expiresAt.timeIntervalSince1970),
                ]
            )
        }
        return code
    }

    public func redeemSignInCode(_ code: String, at now: Date) throws -> (user: User, token: String) {
        guard let code = SignInCode.normalized(code) else { throw AccountError.unknownSignInCode }
        let codeHash = RandomToken.storedHash(of: code)
        let token = RandomToken.secret()
        let user = try executor.transaction { connection in
            // Locked: two browsers racing with one code, the second sees it used.
            guard let row = try connection.first(
                "SELECT user_id, expires_at, used_at FROM sign_in_codes WHERE code_hash = ?\(connection.dialect.forUpdate)", [.text(codeHash)]
            ) else { throw AccountError.unknownSignInCode }
            let stored = StoredSignInCode(
                userID: try row.text(0), expiresAt: try row.double(1), usedAt: row.isNull(2) ? nil : try row.double(2)
            )
            try stored.checkRedeemable(at: now)
            try connection.run("UPDATE sign_in_codes SET used_at = ? WHERE code_hash = ?", [.real(now.timeIntervalSince1970), .text(codeHash)])
            try connection.run(
                "INSERT INTO tokens (token_hash, user_id, created_at) VALUES (?, ?, ?)",
                [.text(RandomToken.storedHash(of: token)), .text(stored.userID), .real(now.timeIntervalSince1970)]
            )
            guard let user = try connection.first("SELECT id, display_name FROM users WHERE id = ?", [.text(stored.userID)]) else {
                throw AccountError.unknownSignInCode
            }
            return try User(row: user)
        }
        return (user, token)
    }

    public func revokeToken(hash tokenHash: String, userID: String) throws {
        try executor.transaction { connection in
            try connection.run("DELETE FROM tokens WHERE token_hash = ? AND user_id = ?", [.text(tokenHash), .text(userID)])
            try connection.announce(.signedOut(userID: userID, tokenHash: tokenHash))
        }
    }

    public func revokeAllTokens(userID: String) throws {
        try executor.transaction { connection in
            try connection.run("DELETE FROM tokens WHERE user_id = ?", [.text(userID)])
            try connection.run("DELETE FROM sign_in_codes WHERE user_id = ?", [.text(userID)])
            try connection.announce(.signedOut(userID: userID, tokenHash: nil))
        }
    }
}
