import Postgres
import PokedexModels
import Storage

/// The Favorites view's reads (who added what, the activity log) and undo, in PostgreSQL.
extension PostgresListStore {
    public func favoriteAdditions(ofList listID: String, as userID: String) throws -> [Int: FavoriteAddition] {
        try pool.withConnection { connection in
            try connection.requireRole(of: userID, in: listID)
            let rows = try connection.query(ListActivitySQL.additions(placeholder: { "$\($0)" }), params: [.text(listID)])
            return try ListActivitySQL.additions(rows)
        }
    }

    public func activity(ofList listID: String, as userID: String, limit: Int) throws -> [ListEvent] {
        try pool.withConnection { connection in
            try connection.requireRole(of: userID, in: listID)
            return try connection.query(
                ListActivitySQL.events(placeholder: { "$\($0)" }),
                params: [.text(listID), .integer(Int64(max(0, min(limit, Int(Int32.max)))))]
            ).compactMap(ListActivitySQL.event)
        }
    }

    /// One transaction: the list's row is locked first (undos of one list take turns, and a
    /// star batch, which locks it after the membership it only shares, cannot deadlock with
    /// it), then the star is written by the batches' own statement, naming the reverted event.
    public func undo(list listID: String, by userID: String) throws -> StarUndo? {
        try pool.transaction { connection in
            _ = try connection.query("SELECT 1 FROM favorite_lists WHERE id = $1 FOR UPDATE", params: [.text(listID)])
            try connection.requireRole(of: userID, in: listID, lock: .share, where: \.canWrite)
            guard let row = try connection.query(
                ListActivitySQL.undoTarget(placeholder: { "$\($0)" }), params: [.text(listID), .text(userID)]
            ).first else { return nil }
            let undone = try ListActivitySQL.undoTarget(row)
            let star = FavoriteStar(
                listID: listID, pokemonID: undone.pokemonID, isFavorite: undone.isFavorite, userID: userID, undoes: undone.eventID)
            let statement = StarStatement.statement(for: star, origin: origin, at: now())
            let change = try StarStatement.outcome(try connection.execute(statement.sql, params: statement.params), of: star)
            // A change is announced by the statement; an undo that changed nothing still
            // added to the log, which other processes show.
            if change == nil { try connection.announce(.activityChanged(listID: listID), origin: origin) }
            return StarUndo(undone: undone, change: change)
        }
    }
}

extension PostgresRow: ResultColumns {}
