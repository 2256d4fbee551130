import Foundation
import PokedexModels
import Postgres
import Storage

/// Named lists and members' roles in PostgreSQL, as `FavoritesRepository+Lists` in SQLite:
/// each change appends its activity event and announces what it changed in its transaction.
extension PostgresListStore {
    public func createList(named name: String, by userID: String) throws -> FavoritesList {
        let name = try ListName.validated(name)
        return try pool.transaction { connection in
            guard try connection.queryFirst("SELECT 1 FROM users WHERE id = $1", params: [.text(userID)]) != nil else {
                throw FavoritesError.unknownUser
            }
            let time = now()
            let list = FavoritesList(id: RandomToken.identifier(createdAt: time), name: name, ownerID: userID)
            try connection.execute(
                "INSERT INTO favorite_lists (id, name, owner_id, created_at) VALUES ($1, $2, $3, $4)",
                params: [.text(list.id), .text(name), .text(userID), .double(time.timeIntervalSince1970)]
            )
            try connection.execute(
                "INSERT INTO memberships (list_id, user_id, role, joined_at) VALUES ($1, $2, 'owner', $3)",
                params: [.text(list.id), .text(userID), .double(time.timeIntervalSince1970)]
            )
            try connection.announce(.memberJoined(listID: list.id, userID: userID), origin: origin)
            return list
        }
    }

    public func renameList(_ listID: String, to name: String, by userID: String) throws -> FavoritesList {
        let name = try ListName.validated(name)
        return try pool.transaction { connection in
            try connection.requireRole(of: userID, in: listID, lock: .share, where: { $0 == .owner })
            let rows = try connection.query(
                "UPDATE favorite_lists SET name = $1 WHERE id = $2 RETURNING id, name, owner_id", params: [.text(name), .text(listID)]
            )
            try connection.appendEvent(NewListEvent(listID: listID, kind: .listRenamed, actorID: userID, name: name), at: now().timeIntervalSince1970)
            try connection.announce(.listRenamed(listID: listID), origin: origin)
            return try FavoritesList(postgres: rows[0])
        }
    }

    public func deleteList(_ listID: String, by userID: String) throws {
        try pool.transaction { connection in
            try connection.requireRole(of: userID, in: listID, lock: .update, where: { $0 == .owner })
            try connection.requireAnotherOwnedList(of: userID)
            try connection.execute("DELETE FROM favorite_lists WHERE id = $1", params: [.text(listID)])
            try connection.announce(.listDeleted(listID: listID), origin: origin)
        }
    }

    @discardableResult
    public func setRole(list listID: String, member memberID: String, role: ListRole, by userID: String) throws -> Bool {
        guard role != .owner else { throw FavoritesError.invalidRole }
        return try pool.transaction { connection in
            let current = try connection.lockOwnerAndMember(userID, memberID, in: listID)
            guard try RoleChange.check(current, becoming: role) else { return false }
            try connection.updateRole(of: memberID, in: listID, to: role)
            try connection.appendEvent(
                NewListEvent(listID: listID, kind: .roleChanged, actorID: userID, subjectID: memberID, role: role),
                at: now().timeIntervalSince1970
            )
            try connection.announce(.roleChanged(listID: listID, userID: memberID), origin: origin)
            return true
        }
    }

    public func transferOwnership(list listID: String, to memberID: String, by userID: String) throws {
        try pool.transaction { connection in
            _ = try RoleChange.check(try connection.lockOwnerAndMember(userID, memberID, in: listID), becoming: .owner)
            try connection.requireAnotherOwnedList(of: userID)
            try connection.updateRole(of: memberID, in: listID, to: .owner)
            try connection.updateRole(of: userID, in: listID, to: .editor)
            try connection.execute("UPDATE favorite_lists SET owner_id = $1 WHERE id = $2", params: [.text(memberID), .text(listID)])
            let time = now().timeIntervalSince1970
            try connection.appendEvent(NewListEvent(listID: listID, kind: .roleChanged, actorID: userID, subjectID: memberID, role: .owner), at: time)
            try connection.appendEvent(NewListEvent(listID: listID, kind: .roleChanged, actorID: userID, subjectID: userID, role: .editor), at: time)
            try connection.announce(.roleChanged(listID: listID, userID: memberID), origin: origin)
            try connection.announce(.roleChanged(listID: listID, userID: userID), origin: origin)
        }
    }
}

private extension PostgresConnection {
    /// The member's role (nil: not a member) once the acting user is the list's owner; both
    /// rows locked for update in id order (so two changes touching the same two members take
    /// turns instead of deadlocking).
    func lockOwnerAndMember(_ userID: String, _ memberID: String, in listID: String) throws -> ListRole? {
        let rows = try query(
            "SELECT user_id, role FROM memberships WHERE list_id = $1 AND user_id IN ($2, $3) ORDER BY user_id FOR UPDATE",
            params: [.text(listID), .text(userID), .text(memberID)]
        )
        var roles: [String: ListRole] = [:]
        for row in rows { roles[try row.text(0)] = try ListRole(postgres: row, column: 1) }
        guard let actorRole = roles[userID] else { throw FavoritesError.notMember }
        guard actorRole == .owner else { throw FavoritesError.forbidden }
        return roles[memberID]
    }

    func updateRole(of userID: String, in listID: String, to role: ListRole) throws {
        try execute(
            "UPDATE memberships SET role = $1 WHERE list_id = $2 AND user_id = $3",
            params: [.text(role.rawValue), .text(listID), .text(userID)]
        )
    }

    /// Refuses unless the user owns a list besides the one about to go.
    func requireAnotherOwnedList(of userID: String) throws {
        let owned = try query("SELECT COUNT(*) FROM favorite_lists WHERE owner_id = $1", params: [.text(userID)])[0].int(0)
        guard owned > 1 else { throw FavoritesError.lastOwnedList }
    }
}
