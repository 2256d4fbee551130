import Foundation
import PokedexModels

/// Sharing a list by link. A code is 32 random bytes (64 hex characters) given out once;
/// only its SHA-256 is stored. A code works for anyone holding it until the owner revokes it,
/// its time runs out or it admitted as many people as its terms allow.
extension FavoritesRepository {
    /// Creates an invite granting `role` (editor or viewer) on `terms`. Owners only.
    /// - Returns: the code to put in the link.
    public func createInvite(list listID: String, role: ListRole, by userID: String, terms: InviteTerms) throws -> String {
        guard role != .owner else { throw FavoritesError.invalidInviteRole }
        let code = RandomToken.secret()
        try database.transaction { connection in
            try connection.requireRole(of: userID, in: listID, where: { $0 == .owner })
            let time = now().timeIntervalSince1970
            try connection.run(
                """
                INSERT INTO invites (code_hash, list_id, role, created_by, created_at, expires_at, max_uses)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                """,
                [
                    .text(RandomToken.storedHash(of: code)), .text(listID), .text(role.rawValue), .text(userID), .real(time),
                    terms.lifetime.map { .real(time + $0) } ?? .null, terms.maxUses.map { .integer(Int64($0)) } ?? .null,
                ]
            )
            try connection.appendEvent(NewListEvent(listID: listID, kind: .inviteCreated, actorID: userID, role: role), at: time)
        }
        return code
    }

    /// Makes the user a member with the invite's role, counting one use. A user who is already
    /// a member keeps the role they have (an invite never demotes, nor promotes past what the
    /// owner chose), and counts no use.
    public func acceptInvite(code: String, user userID: String) throws -> FavoritesList {
        try database.transaction { connection in
            let invite = try connection.invite(forCode: code)
            guard !invite.isRevoked else { throw FavoritesError.revokedInvite }
            guard try !connection.query("SELECT 1 FROM users WHERE id = ?", [.text(userID)]).isEmpty else {
                throw FavoritesError.unknownUser
            }
            let time = now()
            if try connection.role(of: userID, in: invite.listID) == nil {
                guard !invite.isExpired(at: time) else { throw FavoritesError.inviteExpired }
                guard !invite.isUsedUp else { throw FavoritesError.inviteUsedUp }
                try connection.run(
                    "INSERT INTO memberships (list_id, user_id, role, joined_at) VALUES (?, ?, ?, ?)",
                    [.text(invite.listID), .text(userID), .text(invite.role.rawValue), .real(time.timeIntervalSince1970)]
                )
                try connection.run("UPDATE invites SET uses = uses + 1 WHERE code_hash = ?", [.text(invite.id)])
                try connection.appendEvent(
                    NewListEvent(listID: invite.listID, kind: .joined, actorID: userID, role: invite.role), at: time.timeIntervalSince1970
                )
            }
            let rows = try connection.query("SELECT id, name, owner_id FROM favorite_lists WHERE id = ?", [.text(invite.listID)])
            return try FavoritesList(row: rows[0])  // the invite's foreign key guarantees the list
        }
    }

    /// Stops the code from admitting anyone new; members who joined with it stay. Owners
    /// of the invite's list only. Revoking twice keeps the first revocation time.
    public func revokeInvite(code: String, by userID: String) throws {
        try database.transaction { connection in
            let invite = try connection.invite(forCode: code)
            try connection.requireRole(of: userID, in: invite.listID, where: { $0 == .owner })
            let time = now().timeIntervalSince1970
            let changed = try connection.run(
                "UPDATE invites SET revoked_at = ? WHERE code_hash = ? AND revoked_at IS NULL",
                [.real(time), .text(invite.id)]
            )
            if changed > 0 {
                try connection.appendEvent(NewListEvent(listID: invite.listID, kind: .inviteRevoked, actorID: userID, role: invite.role), at: time)
            }
        }
    }

    /// Revokes an invite by the id `invites(ofList:by:)` gives (the code itself is never kept).
    /// Owners of the list only; the invite must belong to `listID`.
    public func revokeInvite(id inviteID: String, list listID: String, by userID: String) throws {
        try database.transaction { connection in
            try connection.requireRole(of: userID, in: listID, where: { $0 == .owner })
            let time = now().timeIntervalSince1970
            let revoked = try connection.query(
                "UPDATE invites SET revoked_at = ? WHERE code_hash = ? AND list_id = ? AND revoked_at IS NULL RETURNING role",
                [.real(time), .text(inviteID), .text(listID)]
            )
            guard let row = revoked.first else { throw FavoritesError.unknownInvite }
            try connection.appendEvent(
                NewListEvent(listID: listID, kind: .inviteRevoked, actorID: userID, role: try ListRole(column: 0, of: row)), at: time
            )
        }
    }

    /// The list's invites, newest first, revoked ones included. Owners only.
    public func invites(ofList listID: String, by userID: String) throws -> [ListInvite] {
        try database.withConnection { connection in
            try connection.requireRole(of: userID, in: listID, where: { $0 == .owner })
            return try connection.query(
                "SELECT \(ListInvite.columns) FROM invites WHERE list_id = ? ORDER BY created_at DESC, code_hash",
                [.text(listID)]
            ).map(ListInvite.init(row:))
        }
    }
}

private extension SQLiteConnection {
    func invite(forCode code: String) throws -> ListInvite {
        let rows = try query(
            "SELECT \(ListInvite.columns) FROM invites WHERE code_hash = ?",
            [.text(RandomToken.storedHash(of: code))]
        )
        guard let row = rows.first else { throw FavoritesError.unknownInvite }
        return try ListInvite(row: row)
    }
}
