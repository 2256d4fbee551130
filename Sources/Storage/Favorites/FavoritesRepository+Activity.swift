import PokedexModels

/// The Favorites view's reads (who added what, the activity log) and undo, in SQLite.
extension FavoritesRepository {
    public func favoriteAdditions(ofList listID: String, as userID: String) throws -> [Int: FavoriteAddition] {
        try database.withConnection { connection in
            try connection.requireRole(of: userID, in: listID)
            let rows = try connection.query(ListActivitySQL.additions(placeholder: { _ in "?" }), [.text(listID)])
            return try ListActivitySQL.additions(rows)
        }
    }

    public func activity(ofList listID: String, as userID: String, limit: Int) throws -> [ListEvent] {
        try database.withConnection { connection in
            try connection.requireRole(of: userID, in: listID)
            return try connection.query(
                ListActivitySQL.events(placeholder: { _ in "?" }), [.text(listID), .integer(Int64(max(0, min(limit, Int(Int32.max)))))]
            ).compactMap(ListActivitySQL.event)
        }
    }

    public func undo(list listID: String, by userID: String) throws -> StarUndo? {
        try database.transaction { connection in
            try connection.requireRole(of: userID, in: listID, where: \.canWrite)
            guard let row = try connection.query(
                ListActivitySQL.undoTarget(placeholder: { _ in "?" }), [.text(listID), .text(userID)]
            ).first else { return nil }
            let undone = try ListActivitySQL.undoTarget(row)
            let change = try connection.writeStar(
                list: listID, pokemonID: undone.pokemonID, isFavorite: undone.isFavorite, by: userID,
                at: now().timeIntervalSince1970, undoes: undone.eventID)
            return StarUndo(undone: undone, change: change)
        }
    }
}

/// The SQL both databases run for the activity reads and undo (`placeholder(n)` writes the
/// n-th parameter: `?` in SQLite, `$n` in PostgreSQL), and the decoding they share.
public enum ListActivitySQL {
    /// `pokemon_id, added_by, its name, added_at` of a list's favorites ($1: the list).
    public static func additions(placeholder p: (Int) -> String) -> String {
        """
        SELECT f.pokemon_id, u.id, u.display_name, f.added_at FROM favorites f LEFT JOIN users u ON u.id = f.added_by
        WHERE f.list_id = \(p(1))
        """
    }

    /// The additions' rows, by Pokémon.
    public static func additions(_ rows: [some ResultColumns]) throws -> [Int: FavoriteAddition] {
        Dictionary(uniqueKeysWithValues: try rows.map { row in
            let addedBy = row.isNull(1) ? nil : User(id: try row.text(1), displayName: try row.text(2))
            return (try row.int(0), FavoriteAddition(addedBy: addedBy, addedAt: milliseconds(try row.double(3))))
        })
    }

    /// A list's latest events ($1: the list, $2: how many), newest first.
    public static func events(placeholder p: (Int) -> String) -> String {
        """
        SELECT e.id, e.kind, a.id, a.display_name, e.pokemon_id, s.id, s.display_name, e.role, e.name, e.at, e.undoes
        FROM list_events e LEFT JOIN users a ON a.id = e.actor_id LEFT JOIN users s ON s.id = e.subject_id
        WHERE e.list_id = \(p(1)) ORDER BY e.id DESC LIMIT \(p(2))
        """
    }

    /// An event row; nil for a kind this version does not know (a newer process wrote it).
    public static func event(_ row: some ResultColumns) throws -> ListEvent? {
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
    /// ($1: the list, $2: the user): `id, kind, pokemon_id`.
    public static func undoTarget(placeholder p: (Int) -> String) -> String {
        """
        SELECT e.id, e.kind, e.pokemon_id FROM list_events e
        WHERE e.list_id = \(p(1)) AND e.actor_id = \(p(2)) AND e.kind IN ('starSet', 'starUnset') AND e.undoes IS NULL
          AND NOT EXISTS (SELECT 1 FROM list_events u WHERE u.undoes = e.id)
        ORDER BY e.id DESC LIMIT 1
        """
    }

    /// The undo target's row: the event and the opposite intent that reverts it.
    public static func undoTarget(_ row: some ResultColumns) throws -> UndoneStar {
        UndoneStar(eventID: try row.int64(0), pokemonID: try row.int(2), isFavorite: try row.text(1) != ListEvent.Kind.starSet.rawValue)
    }

    public static func milliseconds(_ seconds: Double) -> Int64 { Int64((seconds * 1000).rounded()) }
}

/// The column reads the activity queries' rows need: SQLite's `Row` and PostgreSQL's row both
/// have them, so one decoding serves both backends.
public protocol ResultColumns {
    func isNull(_ column: Int) -> Bool
    func int(_ column: Int) throws -> Int
    func int64(_ column: Int) throws -> Int64
    func double(_ column: Int) throws -> Double
    func text(_ column: Int) throws -> String
}

extension Row: ResultColumns {}
