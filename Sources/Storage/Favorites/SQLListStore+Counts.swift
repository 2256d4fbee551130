import Foundation

/// Counts for the server's quotas (lists per user, members per list, open invites per list).
/// No authorisation: the server asks them about the acting user before a write, and answers
/// nothing from them to a browser but "limit reached". Each is one indexed COUNT.
extension SQLListStore {
    public func listCount(forUser userID: String) throws -> Int {
        try executor.integer("SELECT COUNT(*) FROM memberships WHERE user_id = ?", [.text(userID)])
    }

    public func memberCount(ofList listID: String) throws -> Int {
        try executor.integer("SELECT COUNT(*) FROM memberships WHERE list_id = ?", [.text(listID)])
    }

    public func openInviteCount(ofList listID: String) throws -> Int {
        try executor.integer(
            """
            SELECT COUNT(*) FROM invites WHERE list_id = ? AND revoked_at IS NULL
            AND (expires_at IS NULL OR expires_at > ?) AND (max_uses IS NULL OR uses < max_uses)
            """,
            [.text(listID), .real(now().timeIntervalSince1970)]
        )
    }

    public func ownedListCount(forUser userID: String) throws -> Int {
        try executor.integer("SELECT COUNT(*) FROM favorite_lists WHERE owner_id = ?", [.text(userID)])
    }

    public func listID(forInviteCode code: String) throws -> String? {
        try executor.query("SELECT list_id FROM invites WHERE code_hash = ?", [.text(RandomToken.storedHash(of: code))]).first?.text(0)
    }
}
