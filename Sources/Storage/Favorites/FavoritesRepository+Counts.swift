import Foundation

/// Counts for the server's quotas (lists per user, members per list, open invites per list).
/// No authorisation: the server asks them about the acting user before a write, and answers
/// nothing from them to a browser but "limit reached". Each is one indexed COUNT on the read
/// connection.
extension FavoritesRepository {
    /// How many lists the user belongs to, in any role.
    public func listCount(forUser userID: String) throws -> Int {
        try database.query("SELECT COUNT(*) FROM memberships WHERE user_id = ?", [.text(userID)])[0].int(0)
    }

    /// How many members the list has.
    public func memberCount(ofList listID: String) throws -> Int {
        try database.query("SELECT COUNT(*) FROM memberships WHERE list_id = ?", [.text(listID)])[0].int(0)
    }

    /// How many of the list's invites still admit someone (not revoked, expired or used up).
    public func openInviteCount(ofList listID: String) throws -> Int {
        try database.query(
            """
            SELECT COUNT(*) FROM invites WHERE list_id = ? AND revoked_at IS NULL
            AND (expires_at IS NULL OR expires_at > ?) AND (max_uses IS NULL OR uses < max_uses)
            """,
            [.text(listID), .real(now().timeIntervalSince1970)]
        )[0].int(0)
    }

    /// How many lists the user owns.
    public func ownedListCount(forUser userID: String) throws -> Int {
        try database.query("SELECT COUNT(*) FROM favorite_lists WHERE owner_id = ?", [.text(userID)])[0].int(0)
    }

    /// The list an invite code admits to, or nil for an unknown code.
    public func listID(forInviteCode code: String) throws -> String? {
        try database.query("SELECT list_id FROM invites WHERE code_hash = ?", [.text(RandomToken.storedHash(of: code))])
            .first?.text(0)
    }
}
