import Foundation
import PokedexModels

/// Named lists and members' roles: create, rename, delete, set a role, hand over ownership.
/// Each change appends its activity event and announces what it changed in its transaction.
extension SQLListStore {
    public func createList(named name: String, by userID: String) throws -> FavoritesList {
        let name = try ListName.validated(name)
        return try executor.transaction { connection in
            try connection.requireUser(userID)
            let list = try connection.insertList(named: name, ownerID: userID, at: now().timeIntervalSince1970)
            try connection.announce(.memberJoined(listID: list.id, userID: userID))
            return list
        }
    }

    public func renameList(_ listID: String, to name: String, by userID: String) throws -> FavoritesList {
        let name = try ListName.validated(name)
        return try executor.transaction { connection in
            try connection.requireRole(of: userID, in: listID, lock: .share, where: { $0 == .owner })
            let rows = try connection.query("UPDATE favorite_lists SET name = ? WHERE id = ? RETURNING id, name, owner_id", [.text(name), .text(listID)])
            try connection.appendEvent(NewListEvent(listID: listID, kind: .listRenamed, actorID: userID, name: name), at: now().timeIntervalSince1970)
            try connection.announce(.listRenamed(listID: listID))
            return try FavoritesList(row: rows[0])
        }
    }

    /// Members, favorites, invites and activity go with the list.
    public func deleteList(_ listID: String, by userID: String) throws {
        try executor.transaction { connection in
            try connection.requireRole(of: userID, in: listID, lock: .update, where: { $0 == .owner })
            try connection.requireAnotherOwnedList(of: userID)
            try connection.run("DELETE FROM favorite_lists WHERE id = ?", [.text(listID)])
            try connection.announce(.listDeleted(listID: listID))
        }
    }

    @discardableResult
    public func setRole(list listID: String, member memberID: String, role: ListRole, by userID: String) throws -> Bool {
        guard role != .owner else { throw FavoritesError.invalidRole }
        return try executor.transaction { connection in
            let current = try connection.lockOwnerAndMember(userID, memberID, in: listID)
            guard try RoleChange.check(current, becoming: role) else { return false }
            try connection.updateRole(of: memberID, in: listID, to: role)
            try connection.appendEvent(
                NewListEvent(listID: listID, kind: .roleChanged, actorID: userID, subjectID: memberID, role: role), at: now().timeIntervalSince1970
            )
            try connection.announce(.roleChanged(listID: listID, userID: memberID))
            return true
        }
    }

    /// Never the owner's last own list: everyone keeps one.
    public func transferOwnership(list listID: String, to memberID: String, by userID: String) throws {
        try executor.transaction { connection in
            _ = try RoleChange.check(try connection.lockOwnerAndMember(userID, memberID, in: listID), becoming: .owner)
            try connection.requireAnotherOwnedList(of: userID)
            try connection.updateRole(of: memberID, in: listID, to: .owner)
            try connection.updateRole(of: userID, in: listID, to: .editor)
            try connection.run("UPDATE favorite_lists SET owner_id = ? WHERE id = ?", [.text(memberID), .text(listID)])
            let time = now().timeIntervalSince1970
            try connection.appendEvent(NewListEvent(listID: listID, kind: .roleChanged, actorID: userID, subjectID: memberID, role: .owner), at: time)
            try connection.appendEvent(NewListEvent(listID: listID, kind: .roleChanged, actorID: userID, subjectID: userID, role: .editor), at: time)
            try connection.announce(.roleChanged(listID: listID, userID: memberID))
            try connection.announce(.roleChanged(listID: listID, userID: userID))
        }
    }
}
