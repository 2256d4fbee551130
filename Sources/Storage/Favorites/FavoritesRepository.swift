import Foundation
import PokedexModels

/// Favorites lists, their members and their favorites, with authorisation in every call:
/// the acting user's membership is checked in the same transaction as the change.
/// Needs a `Database` opened with `StorageSchema.migrations`.
public struct FavoritesRepository: ListStore {
    let database: Database
    let now: @Sendable () -> Date

    public init(database: Database, now: @escaping @Sendable () -> Date = { Date() }) {
        self.database = database
        self.now = now
    }

    /// Every list the user belongs to, owned ones (the personal list) first, then by joining time.
    public func lists(forUser userID: String) throws -> [(list: FavoritesList, role: ListRole)] {
        try database.query(
            """
            SELECT l.id, l.name, l.owner_id, m.role FROM memberships m JOIN favorite_lists l ON l.id = m.list_id
            WHERE m.user_id = ? ORDER BY m.role = 'owner' DESC, m.joined_at, l.id
            """,
            [.text(userID)]
        ).map { (try FavoritesList(row: $0), try ListRole(column: 3, of: $0)) }
    }

    public func listIDs(ofMembers userIDs: [String]) throws -> [String] {
        var lists = Set<String>()
        for userID in userIDs {
            let rows = try database.query("SELECT list_id FROM memberships WHERE user_id = ?", [.text(userID)])
            for row in rows { lists.insert(try row.text(0)) }
        }
        return lists.sorted()
    }

    /// A list by id, or nil.
    public func list(id listID: String) throws -> FavoritesList? {
        guard let row = try database.query("SELECT id, name, owner_id FROM favorite_lists WHERE id = ?", [.text(listID)]).first
        else { return nil }
        return try FavoritesList(row: row)
    }

    /// The user's role in the list; nil when not a member (or no such list).
    public func role(of userID: String, in listID: String) throws -> ListRole? {
        try database.withConnection { try $0.role(of: userID, in: listID) }
    }

    /// The list's members, owner first, then by joining time. Members only.
    public func members(ofList listID: String, as userID: String, limit: Int) throws -> [ListMember] {
        try database.withConnection { connection in
            try connection.requireRole(of: userID, in: listID)
            // Owners, then the others by joining time: two index walks that stop at the limit.
            let member = { (row: Row) in ListMember(user: try User(row: row), role: try ListRole(column: 2, of: row)) }
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
                [.text(listID), .integer(Int64(max(0, min(limit, Int(Int32.max)) - owners.count)))]
            ).map(member)
            return Array((owners + others).prefix(limit))
        }
    }

    /// How many members the list has. Members only.
    public func memberCount(ofList listID: String, as userID: String) throws -> Int {
        try database.withConnection { connection in
            try connection.requireRole(of: userID, in: listID)
            return try connection.query("SELECT COUNT(*) FROM memberships WHERE list_id = ?", [.text(listID)])[0].int(0)
        }
    }

    /// The Pokémon ids in the list. Members only.
    public func favorites(inList listID: String, as userID: String) throws -> Set<Int> {
        try database.withConnection { connection in
            try connection.requireRole(of: userID, in: listID)
            let rows = try connection.query("SELECT pokemon_id FROM favorites WHERE list_id = ?", [.text(listID)])
            return Set(try rows.map { try $0.int(0) })
        }
    }

    /// The list's favorites and the sequence number they are at, read in one transaction.
    /// Members only.
    public func snapshot(ofList listID: String, as userID: String) throws -> FavoritesSnapshot {
        try database.withConnection { connection in
            try connection.requireRole(of: userID, in: listID)
            let seq = try connection.query("SELECT seq FROM favorite_lists WHERE id = ?", [.text(listID)])[0].int(0)
            let rows = try connection.query("SELECT pokemon_id FROM favorites WHERE list_id = ?", [.text(listID)])
            return FavoritesSnapshot(ids: Set(try rows.map { try $0.int(0) }), seq: seq)
        }
    }

    /// Makes `pokemonID` a favorite (or not) in the list: a set, never a toggle, so repeating
    /// it changes nothing. Owners and editors only. Committed when it returns. A `key` this
    /// user applied before changes nothing; a change is logged in the same transaction.
    /// - Returns: the change with the list's new sequence number, or nil when the list
    ///   already was that way or the key was applied (nothing changed, no number taken).
    @discardableResult
    public func setFavorite(list listID: String, pokemonID: Int, isFavorite: Bool, by userID: String, key: String?) throws -> FavoriteChange? {
        guard pokemonID > 0 else { throw FavoritesError.invalidPokemonID }
        return try database.transaction { connection in
            try connection.requireRole(of: userID, in: listID, where: \.canWrite)
            let time = now().timeIntervalSince1970
            if let key, !(try connection.applyKey(key, of: userID, at: time)) { return nil }
            return try connection.writeStar(list: listID, pokemonID: pokemonID, isFavorite: isFavorite, by: userID, at: time)
        }
    }

    /// Removes another member. Owners only; owners themselves cannot be removed.
    public func removeMember(list listID: String, user memberID: String, by userID: String) throws {
        try database.transaction { connection in
            try connection.requireRole(of: userID, in: listID, where: { $0 == .owner })
            switch try connection.role(of: memberID, in: listID) {
            case nil: throw FavoritesError.memberNotFound
            case .owner: throw FavoritesError.cannotRemoveOwner
            case .editor, .viewer:
                try connection.deleteMembership(of: memberID, in: listID)
                try connection.appendEvent(
                    NewListEvent(listID: listID, kind: .removed, actorID: userID, subjectID: memberID), at: now().timeIntervalSince1970
                )
            }
        }
    }

    /// The user stops being a member. The owner cannot leave its own list.
    public func leave(list listID: String, user userID: String) throws {
        try database.transaction { connection in
            guard try connection.requireRole(of: userID, in: listID) != .owner else {
                throw FavoritesError.ownerCannotLeave
            }
            try connection.deleteMembership(of: userID, in: listID)
            try connection.appendEvent(NewListEvent(listID: listID, kind: .left, actorID: userID), at: now().timeIntervalSince1970)
        }
    }
}

private extension SQLiteConnection {
    func deleteMembership(of userID: String, in listID: String) throws {
        try run("DELETE FROM memberships WHERE list_id = ? AND user_id = ?", [.text(listID), .text(userID)])
    }
}

extension SQLiteConnection {
    /// Records that the user applied `key`; false when they had (then nothing is written).
    /// Keeps the user's newest `AppliedKeys.kept`.
    func applyKey(_ key: String, of userID: String, at time: Double) throws -> Bool {
        guard try run("INSERT OR IGNORE INTO applied_keys (user_id, key, at) VALUES (?, ?, ?)", [.text(userID), .text(key), .real(time)]) > 0
        else { return false }
        try run(
            """
            DELETE FROM applied_keys WHERE user_id = ? AND id <= (
                SELECT id FROM applied_keys WHERE user_id = ? ORDER BY id DESC LIMIT 1 OFFSET ?)
            """,
            [.text(userID), .text(userID), .integer(Int64(AppliedKeys.kept))]
        )
        return true
    }

    /// Writes a star whose author may write, bumps the list's seq and logs the event, when it
    /// changes the list (an undo, `undoes`, is logged either way). Inside the caller's transaction.
    func writeStar(
        list listID: String, pokemonID: Int, isFavorite: Bool, by userID: String, at time: Double, undoes: Int64? = nil
    ) throws -> FavoriteChange? {
        let changed = isFavorite
            ? try run(
                "INSERT OR IGNORE INTO favorites (list_id, pokemon_id, added_by, added_at) VALUES (?, ?, ?, ?)",
                [.text(listID), .integer(Int64(pokemonID)), .text(userID), .real(time)]
            )
            : try run(
                "DELETE FROM favorites WHERE list_id = ? AND pokemon_id = ?",
                [.text(listID), .integer(Int64(pokemonID))]
            )
        if changed > 0 || undoes != nil {
            let event = NewListEvent(
                listID: listID, kind: isFavorite ? .starSet : .starUnset, actorID: userID, pokemonID: pokemonID, undoes: undoes)
            try appendEvent(event, at: time)
        }
        guard changed > 0 else { return nil }
        let seq = try query("UPDATE favorite_lists SET seq = seq + 1 WHERE id = ? RETURNING seq", [.text(listID)])[0].int(0)
        return FavoriteChange(listID: listID, seq: seq, pokemonID: pokemonID, isFavorite: isFavorite, userID: userID)
    }
}
