import Foundation
import PokedexModels

/// Favorites lists, their members and their favorites in SQLite (`SQLListStore` holds the
/// queries both databases share); here, what SQLite writes its own way: a star and a join
/// in a transaction each. Needs a `Database` opened with `StorageSchema.migrations`.
public struct SQLiteListStore: SQLListStore {
    public let executor: SQLiteExecutor
    public let now: @Sendable () -> Date

    public init(database: Database, now: @escaping @Sendable () -> Date = { Date() }) {
        executor = SQLiteExecutor(database: database)
        self.now = now
    }

    /// Makes `pokemonID` a favorite (or not) in the list: a set, never a toggle, so repeating
    /// it changes nothing. Owners and editors only. Committed when it returns. A `key` this
    /// user applied before changes nothing; a change is logged in the same transaction.
    /// - Returns: the change with the list's new sequence number, or nil when the list
    ///   already was that way or the key was applied (nothing changed, no number taken).
    @discardableResult
    public func setFavorite(list listID: String, pokemonID: Int, isFavorite: Bool, by userID: String, key: String?) throws -> FavoriteChange? {
        guard pokemonID > 0 else { throw FavoritesError.invalidPokemonID }
        return try executor.transaction { connection in
            try connection.requireRole(of: userID, in: listID, where: \.canWrite)
            let time = now().timeIntervalSince1970
            if let key, !(try connection.applyKey(key, of: userID, at: time)) { return nil }
            return try connection.writeStar(list: listID, pokemonID: pokemonID, isFavorite: isFavorite, by: userID, at: time)
        }
    }

    public func writeUndo(_ undone: UndoneStar, list listID: String, by userID: String, on connection: SQLiteStoreConnection) throws -> FavoriteChange? {
        try connection.writeStar(
            list: listID, pokemonID: undone.pokemonID, isFavorite: undone.isFavorite, by: userID,
            at: now().timeIntervalSince1970, undoes: undone.eventID)
    }

    /// Makes the user a member with the invite's role, counting one use. A user who is already
    /// a member keeps the role they have (an invite never demotes, nor promotes past what the
    /// owner chose), and counts no use.
    public func acceptInvite(code: String, user userID: String) throws -> ListSummary {
        try executor.transaction { connection in
            let invite = try connection.invite(forCode: code)
            guard !invite.isRevoked else { throw FavoritesError.revokedInvite }
            try connection.requireUser(userID)
            let time = now()
            let role = try connection.role(of: userID, in: invite.listID)
            if role == nil {
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
            // The invite's foreign key guarantees the list.
            return ListSummary(list: try FavoritesList(row: rows[0]), role: role ?? invite.role)
        }
    }
}

extension SQLiteStoreConnection {
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
            [.text(userID), .text(userID), .int(AppliedKeys.kept)]
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
                [.text(listID), .int(pokemonID), .text(userID), .real(time)]
            )
            : try run("DELETE FROM favorites WHERE list_id = ? AND pokemon_id = ?", [.text(listID), .int(pokemonID)])
        if changed > 0 || undoes != nil {
            let event = NewListEvent(
                listID: listID, kind: isFavorite ? .starSet : .starUnset, actorID: userID, pokemonID: pokemonID, undoes: undoes)
            try appendEvent(event, at: time)
        }
        guard changed > 0 else { return nil }
        let seq = try integer("UPDATE favorite_lists SET seq = seq + 1 WHERE id = ? RETURNING seq", [.text(listID)])
        return FavoriteChange(listID: listID, seq: seq, pokemonID: pokemonID, isFavorite: isFavorite, userID: userID)
    }
}
