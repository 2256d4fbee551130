import PokedexModels
import SQLCore

/// The Favorites view's reads (who added what, the activity log) and undo.
extension SQLListStore {
    public func favoriteAdditions(ofList listID: String, as userID: String) throws -> [Int: FavoriteAddition] {
        try executor.withConnection { connection in
            try connection.requireRole(of: userID, in: listID)
            return try ListActivitySQL.additions(try connection.query(ListActivitySQL.additions, [.text(listID)]))
        }
    }

    public func activity(ofList listID: String, as userID: String, limit: Int) throws -> [ListEvent] {
        try executor.withConnection { connection in
            try connection.requireRole(of: userID, in: listID)
            return try connection.query(ListActivitySQL.events, [.text(listID), .int(max(0, min(limit, Int(Int32.max))))])
                .compactMap(ListActivitySQL.event)
        }
    }

    /// One transaction: the list's row is locked first (undos of one list take turns, and a
    /// PostgreSQL star batch, which locks it after the membership it only shares, cannot
    /// deadlock with it), then the backend writes the star, naming the reverted event.
    public func undo(list listID: String, by userID: String) throws -> StarUndo? {
        try executor.transaction { connection in
            _ = try connection.query("SELECT 1 FROM favorite_lists WHERE id = ?\(connection.dialect.forUpdate)", [.text(listID)])
            try connection.requireRole(of: userID, in: listID, lock: .share, where: \.canWrite)
            guard let row = try connection.first(ListActivitySQL.undoTarget, [.text(listID), .text(userID)]) else { return nil }
            let undone = try ListActivitySQL.undoTarget(row)
            return StarUndo(undone: undone, change: try writeUndo(undone, list: listID, by: userID, on: connection))
        }
    }
}

/// The SQL of the activity reads and undo, and their decoding.
enum ListActivitySQL {
    /// `pokemon_id, added_by, its name, added_at` of a list's favorites (the list).
    static let additions = """
        SELECT f.pokemon_id, u.id, u.display_name, f.added_at FROM favorites f LEFT JOIN users u ON u.id = f.added_by
        WHERE f.list_id = ?
        """

    /// The additions' rows, by Pokémon.
    static func additions(_ rows: [some ResultColumns]) throws -> [Int: FavoriteAddition] {
        Dictionary(uniqueKeysWithValues: try rows.map { row in
            let addedBy = row.isNull(1) ? nil : User(id: try row.text(1), displayName: try row.text(2))
            return (try row.int(0), FavoriteAddition(addedBy: addedBy, addedAt: milliseconds(try row.double(3))))
        })
    }

    /// A list's latest events (the list, how many), newest first.
    static let events = """
        SELECT e.id, e.kind, a.id, a.display_name, e.pokemon_id, s.id, s.display_name, e.role, e.name, e.at, e.undoes
        FROM list_events e LEFT JOIN users a ON a.id = e.actor_id LEFT JOIN users s ON s.id = e.subject_id
        WHERE e.list_id = ? ORDER BY e.id DESC LIMIT ?
        """

    /// An event row; nil for a kind this version does not know (a newer process wrote it).
    static func event(_ row: some ResultColumns) throws -> ListEvent? {
        guard let kind = ListEvent.Kind(rawValue: try row.text(1)) else { return nil }
        return ListEvent(
            id: try row.int64(0), kind: kind,
            actor: row.isNull(2) ? nil : User(id: try row.text(2), displayName: try row.text(3)),
            pokemonID: row.isNull(4) ? nil : try row.int(4),
            subject: row.isNull(5) ? nil : User(id: try row.text(5), displayName: try row.text(6)),
            role: row.isNull(7) ? nil : ListRole(rawValue: try row.text(7)), name: row.isNull(8) ? nil : try row.text(8),
            at: milliseconds(try row.double(9)), undoes: row.isNull(10) ? nil : try row.int64(10))
    }

    /// The user's latest star event in the list that is not an undo and was not undone
    /// (the list, the user): `id, kind, pokemon_id`.
    static let undoTarget = """
        SELECT e.id, e.kind, e.pokemon_id FROM list_events e
        WHERE e.list_id = ? AND e.actor_id = ? AND e.kind IN ('starSet', 'starUnset') AND e.undoes IS NULL
          AND NOT EXISTS (SELECT 1 FROM list_events u WHERE u.undoes = e.id)
        ORDER BY e.id DESC LIMIT 1
        """

    /// The undo target's row: the event and the opposite intent that reverts it.
    static func undoTarget(_ row: some ResultColumns) throws -> UndoneStar {
        UndoneStar(eventID: try row.int64(0), pokemonID: try row.int(2), isFavorite: try row.text(1) != ListEvent.Kind.starSet.rawValue)
    }

    static func milliseconds(_ seconds: Double) -> Int64 { Int64((seconds * 1000).rounded()) }
}
