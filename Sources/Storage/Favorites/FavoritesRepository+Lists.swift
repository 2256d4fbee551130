import Foundation
import PokedexModels

/// Named lists and members' roles: create, rename, delete, set a role, hand over ownership.
/// Each change appends its activity event in its own transaction.
extension FavoritesRepository {
    /// Creates a list the user owns, empty.
    public func createList(named name: String, by userID: String) throws -> FavoritesList {
        let name = try ListName.validated(name)
        return try database.transaction { connection in
            guard try !connection.query("SELECT 1 FROM users WHERE id = ?", [.text(userID)]).isEmpty else {
                throw FavoritesError.unknownUser
            }
            return try connection.insertList(named: name, ownerID: userID, at: now().timeIntervalSince1970)
        }
    }

    /// Renames a list. Owners only.
    public func renameList(_ listID: String, to name: String, by userID: String) throws -> FavoritesList {
        let name = try ListName.validated(name)
        return try database.transaction { connection in
            try connection.requireRole(of: userID, in: listID, where: { $0 == .owner })
            let rows = try connection.query(
                "UPDATE favorite_lists SET name = ? WHERE id = ? RETURNING id, name, owner_id", [.text(name), .text(listID)]
            )
            try connection.appendEvent(NewListEvent(listID: listID, kind: .listRenamed, actorID: userID, name: name), at: now().timeIntervalSince1970)
            return try FavoritesList(row: rows[0])
        }
    }

    /// Deletes a list and everything in it (memberships, favorites, invites and activity go
    /// with it). Owners only, and never the owner's last own list.
    public func deleteList(_ listID: String, by userID: String) throws {
        try database.transaction { connection in
            try connection.requireRole(of: userID, in: listID, where: { $0 == .owner })
            try connection.requireAnotherOwnedList(of: userID)
            try connection.run("DELETE FROM favorite_lists WHERE id = ?", [.text(listID)])
        }
    }

    /// Makes a member an editor or a viewer. Owners only; the owner's role is fixed.
    @discardableResult
    public func setRole(list listID: String, member memberID: String, role: ListRole, by userID: String) throws -> Bool {
        guard role != .owner else { throw FavoritesError.invalidRole }
        return try database.transaction { connection in
            try connection.requireRole(of: userID, in: listID, where: { $0 == .owner })
            guard try RoleChange.check(try connection.role(of: memberID, in: listID), becoming: role) else { return false }
            try connection.updateRole(of: memberID, in: listID, to: role)
            try connection.appendEvent(
                NewListEvent(listID: listID, kind: .roleChanged, actorID: userID, subjectID: memberID, role: role),
                at: now().timeIntervalSince1970
            )
            return true
        }
    }

    /// Makes a member the owner; the old owner stays as an editor. Owners only, and never the
    /// owner's last own list (everyone keeps one).
    public func transferOwnership(list listID: String, to memberID: String, by userID: String) throws {
        try database.transaction { connection in
            try connection.requireRole(of: userID, in: listID, where: { $0 == .owner })
            _ = try RoleChange.check(try connection.role(of: memberID, in: listID), becoming: .owner)
            try connection.requireAnotherOwnedList(of: userID)
            try connection.updateRole(of: memberID, in: listID, to: .owner)
            try connection.updateRole(of: userID, in: listID, to: .editor)
            try connection.run("UPDATE favorite_lists SET owner_id = ? WHERE id = ?", [.text(memberID), .text(listID)])
            let time = now().timeIntervalSince1970
            try connection.appendEvent(NewListEvent(listID: listID, kind: .roleChanged, actorID: userID, subjectID: memberID, role: .owner), at: time)
            try connection.appendEvent(NewListEvent(listID: listID, kind: .roleChanged, actorID: userID, subjectID: userID, role: .editor), at: time)
        }
    }
}

private extension SQLiteConnection {
    func updateRole(of userID: String, in listID: String, to role: ListRole) throws {
        try run("UPDATE memberships SET role = ? WHERE list_id = ? AND user_id = ?", [.text(role.rawValue), .text(listID), .text(userID)])
    }

    /// Refuses unless the user owns a list besides the one about to go.
    func requireAnotherOwnedList(of userID: String) throws {
        let owned = try query("SELECT COUNT(*) FROM favorite_lists WHERE owner_id = ?", [.text(userID)])[0].int(0)
        guard owned > 1 else { throw FavoritesError.lastOwnedList }
    }
}
