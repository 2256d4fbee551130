import Foundation
import PokedexModels

/// Sharing a list by link. A code is 32 random bytes (64 hex characters) given out once;
/// only its SHA-256 is stored. A code works for anyone holding it until the owner revokes it,
/// its time runs out or it admitted as many people as its terms allow. (Joining is the
/// backend's: `acceptInvite`.)
extension SQLListStore {
    public func createInvite(list listID: String, role: ListRole, by userID: String, terms: InviteTerms) throws -> String {
        guard role != .owner else { throw FavoritesError.invalidInviteRole }
        let code = RandomToken.secret()
        try executor.transaction { connection in
            try connection.requireRole(of: userID, in: listID, where: { $0 == .owner })
            let time = now().timeIntervalSince1970
            try connection.run(
                "INSERT INTO invites (code_hash, list_id, role, created_by, created_at, expires_at, max_uses) VALUES (?, ?, ?, ?, ?, ?, ?)",
                [
                    .text(RandomToken.storedHash(of: code)), .text(listID), .text(role.rawValue), .text(userID), .real(time),
                    terms.lifetime.map { .real(time + $0) } ?? .null, terms.maxUses.map(SQLValue.int) ?? .null,
                ]
            )
            try connection.appendEvent(NewListEvent(listID: listID, kind: .inviteCreated, actorID: userID, role: role), at: time)
            try connection.announce(.invitesChanged(listID: listID))
        }
        return code
    }

    /// Revoking twice keeps the first revocation time.
    public func revokeInvite(code: String, by userID: String) throws {
        try executor.transaction { connection in
            let invite = try connection.invite(forCode: code)
            try connection.requireRole(of: userID, in: invite.listID, where: { $0 == .owner })
            let time = now().timeIntervalSince1970
            let changed = try connection.run(
                "UPDATE invites SET revoked_at = ? WHERE code_hash = ? AND revoked_at IS NULL", [.real(time), .text(invite.id)]
            )
            guard changed > 0 else { return }
            try connection.appendEvent(NewListEvent(listID: invite.listID, kind: .inviteRevoked, actorID: userID, role: invite.role), at: time)
            try connection.announce(.invitesChanged(listID: invite.listID))
        }
    }

    /// By the id `invites(ofList:by:)` gives (the code itself is never kept); the invite must
    /// belong to `listID`.
    public func revokeInvite(id inviteID: String, list listID: String, by userID: String) throws {
        try executor.transaction { connection in
            try connection.requireRole(of: userID, in: listID, where: { $0 == .owner })
            let time = now().timeIntervalSince1970
            guard let row = try connection.first(
                "UPDATE invites SET revoked_at = ? WHERE code_hash = ? AND list_id = ? AND revoked_at IS NULL RETURNING role",
                [.real(time), .text(inviteID), .text(listID)]
            ) else { throw FavoritesError.unknownInvite }
            try connection.appendEvent(
                NewListEvent(listID: listID, kind: .inviteRevoked, actorID: userID, role: try ListRole(column: 0, of: row)), at: time
            )
            try connection.announce(.invitesChanged(listID: listID))
        }
    }

    public func invites(ofList listID: String, by userID: String) throws -> [ListInvite] {
        try executor.withConnection { connection in
            try connection.requireRole(of: userID, in: listID, where: { $0 == .owner })
            return try connection.query(
                "SELECT \(ListInvite.columns) FROM invites WHERE list_id = ? ORDER BY created_at DESC, code_hash", [.text(listID)]
            ).map { try ListInvite(row: $0) }
        }
    }
}

extension SQLConnection {
    func invite(forCode code: String) throws -> ListInvite {
        guard let row = try first("SELECT \(ListInvite.columns) FROM invites WHERE code_hash = ?", [.text(RandomToken.storedHash(of: code))])
        else { throw FavoritesError.unknownInvite }
        return try ListInvite(row: row)
    }
}
