import Foundation
import PokedexModels

/// `ListStore` written once for both databases: every query over an `SQLExecutor` in its
/// `SQLDialect`, each change appending its activity event and announcing what it changed
/// (`SQLConnection.announce`) in its own transaction. A backend adds what really differs: how
/// a star and a join are written (`SQLiteListStore` in a transaction each; PostgreSQL's
/// `PostgresListStore` batches them into shared commits) and the star an undo writes.
public protocol SQLListStore: ListStore {
    associatedtype Executor: SQLExecutor
    var executor: Executor { get }
    var now: @Sendable () -> Date { get }
    /// Writes the star that reverts `undone` inside the undo's transaction, logged as an
    /// event naming it even when it changes nothing; the change, or nil.
    func writeUndo(_ undone: UndoneStar, list listID: String, by userID: String, on connection: Executor.Connection) throws -> FavoriteChange?
}

extension SQLListStore {
    public func lists(forUser userID: String) throws -> [(list: FavoritesList, role: ListRole)] {
        try executor.query(
            """
            SELECT l.id, l.name, l.owner_id, m.role FROM memberships m JOIN favorite_lists l ON l.id = m.list_id
            WHERE m.user_id = ? ORDER BY m.role = 'owner' DESC, m.joined_at, l.id
            """,
            [.text(userID)]
        ).map { (try FavoritesList(row: $0), try ListRole(column: 3, of: $0)) }
    }

    public func listIDs(ofMembers userIDs: [String]) throws -> [String] {
        var lists = Set<String>()
        // In chunks: both databases cap a statement's parameters.
        for start in stride(from: 0, to: userIDs.count, by: 500) {
            let chunk = userIDs[start..<min(start + 500, userIDs.count)]
            let rows = try executor.query(
                "SELECT DISTINCT list_id FROM memberships WHERE user_id IN (\(SQLDialect.placeholders(chunk.count)))",
                chunk.map(SQLValue.text)
            )
            for row in rows { lists.insert(try row.text(0)) }
        }
        return lists.sorted()
    }

    public func list(id listID: String) throws -> FavoritesList? {
        try executor.query("SELECT id, name, owner_id FROM favorite_lists WHERE id = ?", [.text(listID)]).first.map { try FavoritesList(row: $0) }
    }

    public func role(of userID: String, in listID: String) throws -> ListRole? {
        try executor.withConnection { try $0.role(of: userID, in: listID) }
    }

    public func members(ofList listID: String, as userID: String, limit: Int) throws -> [ListMember] {
        try executor.withConnection { connection in
            try connection.requireRole(of: userID, in: listID)
            // Owners, then the others by joining time: two index walks that stop at the limit.
            let member = { (row: Executor.Connection.Row) in ListMember(user: try User(row: row), role: try ListRole(column: 2, of: row)) }
            let owners = try connection.query(
                """
                SELECT u.id, u.display_name, m.role FROM memberships m JOIN users u ON u.id = m.user_id
                WHERE m.list_id = ? AND m.role = 'owner' ORDER BY m.joined_at, m.user_id
                """,
                [.text(listID)]
            ).map(member)
            let others = try connection.query(
                """
                SELECT u.id, u.display_name, m.role FROM memberships m JOIN users u ON u.id = m.user_id
                WHERE m.list_id = ? AND m.role != 'owner' ORDER BY m.joined_at, m.user_id LIMIT ?
                """,
                [.text(listID), .int(max(0, min(limit, Int(Int32.max)) - owners.count))]
            ).map(member)
            return Array((owners + others).prefix(limit))
        }
    }

    public func memberCount(ofList listID: String, as userID: String) throws -> Int {
        try executor.withConnection { connection in
            try connection.requireRole(of: userID, in: listID)
            return try connection.integer("SELECT COUNT(*) FROM memberships WHERE list_id = ?", [.text(listID)])
        }
    }

    public func favorites(inList listID: String, as userID: String) throws -> Set<Int> {
        try executor.withConnection { connection in
            try connection.requireRole(of: userID, in: listID)
            return try connection.favoriteIDs(inList: listID)
        }
    }

    /// The seq and the rows are of the same commit.
    public func snapshot(ofList listID: String, as userID: String) throws -> FavoritesSnapshot {
        try executor.consistentRead { connection in
            try connection.requireRole(of: userID, in: listID)
            let seq = try connection.integer("SELECT seq FROM favorite_lists WHERE id = ?", [.text(listID)])
            return FavoritesSnapshot(ids: try connection.favoriteIDs(inList: listID), seq: seq)
        }
    }

    public func removeMember(list listID: String, user memberID: String, by userID: String) throws {
        try executor.transaction { connection in
            // The member's row first, locked for its deletion: locking it after a share lock on
            // the same row (an owner removing themselves) would be an upgrade, and two such
            // upgrades at once deadlock.
            let memberRole = try connection.role(of: memberID, in: listID, lock: .update)
            try connection.requireRole(of: userID, in: listID, lock: .share, where: { $0 == .owner })
            switch memberRole {
            case nil: throw FavoritesError.memberNotFound
            case .owner: throw FavoritesError.cannotRemoveOwner
            case .editor, .viewer:
                try connection.deleteMembership(of: memberID, in: listID)
                try connection.appendEvent(
                    NewListEvent(listID: listID, kind: .removed, actorID: userID, subjectID: memberID), at: now().timeIntervalSince1970
                )
                try connection.announce(.memberLeft(listID: listID, userID: memberID, removed: true))
            }
        }
    }

    public func leave(list listID: String, user userID: String) throws {
        try executor.transaction { connection in
            guard try connection.requireRole(of: userID, in: listID, lock: .update) != .owner else {
                throw FavoritesError.ownerCannotLeave
            }
            try connection.deleteMembership(of: userID, in: listID)
            try connection.appendEvent(NewListEvent(listID: listID, kind: .left, actorID: userID), at: now().timeIntervalSince1970)
            try connection.announce(.memberLeft(listID: listID, userID: userID, removed: false))
        }
    }
}

extension SQLConnection {
    func favoriteIDs(inList listID: String) throws -> Set<Int> {
        Set(try query("SELECT pokemon_id FROM favorites WHERE list_id = ?", [.text(listID)]).map { try $0.int(0) })
    }

    /// Inserts a list and its owner's membership; run inside the caller's transaction.
    func insertList(named name: String, ownerID: String, at time: Double) throws -> FavoritesList {
        let list = FavoritesList(id: RandomToken.identifier(createdAt: Date(timeIntervalSince1970: time)), name: name, ownerID: ownerID)
        try run(
            "INSERT INTO favorite_lists (id, name, owner_id, created_at) VALUES (?, ?, ?, ?)",
            [.text(list.id), .text(name), .text(ownerID), .real(time)]
        )
        try run(
            "INSERT INTO memberships (list_id, user_id, role, joined_at) VALUES (?, ?, 'owner', ?)",
            [.text(list.id), .text(ownerID), .real(time)]
        )
        return list
    }
}
