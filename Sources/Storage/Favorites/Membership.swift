import PokedexModels

/// How a membership check locks the row it reads, until the transaction ends (PostgreSQL;
/// SQLite's writer holds the whole file).
public enum MembershipLock: Sendable {
    /// The author of a write: a concurrent removal of them waits for the write, or the write
    /// sees them gone.
    case share
    /// The member about to be deleted: two deletions of one membership take turns (the second
    /// then finds it gone) where two share locks would each wait for the other, a deadlock.
    case update

    func clause(in dialect: SQLDialect) -> String {
        switch self {
        case .share: dialect.forShare
        case .update: dialect.forUpdate
        }
    }
}

/// The membership look-ups every authorised operation starts with, run on the caller's
/// connection so check and change happen in the same transaction.
extension SQLConnection {
    /// The user's role in the list, its row locked as `lock` says (unlocked when nil).
    public func role(of userID: String, in listID: String, lock: MembershipLock? = nil) throws -> ListRole? {
        let rows = try query(
            "SELECT role FROM memberships WHERE list_id = ? AND user_id = ?\(lock?.clause(in: dialect) ?? "")",
            [.text(listID), .text(userID)]
        )
        return try rows.first.map { try ListRole(column: 0, of: $0) }
    }

    /// The user's role in the list if `isAllowed` accepts it; otherwise `notMember` (also for
    /// a list that does not exist) or `forbidden`.
    @discardableResult
    public func requireRole(
        of userID: String, in listID: String, lock: MembershipLock? = nil, where isAllowed: (ListRole) -> Bool = { _ in true }
    ) throws -> ListRole {
        guard let role = try role(of: userID, in: listID, lock: lock) else { throw FavoritesError.notMember }
        guard isAllowed(role) else { throw FavoritesError.forbidden }
        return role
    }

    /// The member's role (nil: not a member) once the acting user is the list's owner; both
    /// rows locked for update in id order (so two changes touching the same two members take
    /// turns instead of deadlocking).
    func lockOwnerAndMember(_ userID: String, _ memberID: String, in listID: String) throws -> ListRole? {
        let rows = try query(
            "SELECT user_id, role FROM memberships WHERE list_id = ? AND user_id IN (?, ?) ORDER BY user_id\(dialect.forUpdate)",
            [.text(listID), .text(userID), .text(memberID)]
        )
        var roles: [String: ListRole] = [:]
        for row in rows { roles[try row.text(0)] = try ListRole(column: 1, of: row) }
        guard let actorRole = roles[userID] else { throw FavoritesError.notMember }
        guard actorRole == .owner else { throw FavoritesError.forbidden }
        return roles[memberID]
    }

    func deleteMembership(of userID: String, in listID: String) throws {
        try run("DELETE FROM memberships WHERE list_id = ? AND user_id = ?", [.text(listID), .text(userID)])
    }

    func updateRole(of userID: String, in listID: String, to role: ListRole) throws {
        try run("UPDATE memberships SET role = ? WHERE list_id = ? AND user_id = ?", [.text(role.rawValue), .text(listID), .text(userID)])
    }

    /// Refuses unless the user owns a list besides the one about to go.
    func requireAnotherOwnedList(of userID: String) throws {
        guard try integer("SELECT COUNT(*) FROM favorite_lists WHERE owner_id = ?", [.text(userID)]) > 1 else {
            throw FavoritesError.lastOwnedList
        }
    }

    /// Refuses unless the user exists.
    func requireUser(_ userID: String) throws {
        guard try first("SELECT 1 FROM users WHERE id = ?", [.text(userID)]) != nil else { throw FavoritesError.unknownUser }
    }
}
