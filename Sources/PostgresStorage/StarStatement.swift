import Foundation
import PokedexModels
import Postgres
import Storage

/// A star's whole write as one statement, so a batch (`FavoriteBatcher`) costs one round trip
/// per star: the batches of every process commit one after another (their NOTIFYs serialise
/// them), so the statements of a batch are the cluster's critical path.
///
/// In order, as the separate statements did: the author's membership row is locked FOR SHARE
/// (a concurrent removal of the author happens before or after the write, not during it), the
/// favorite is inserted or deleted only for a role that may write, the list's seq is bumped
/// only if a row changed (holding the list's row until commit, so changes commit in seq
/// order), and the change is announced with that seq. Returns the author's role (NULL: not a
/// member) and the new seq (NULL: nothing changed or not allowed).
///
/// With a key ($9), the key is recorded for the author first (keeping their newest
/// `AppliedKeys.kept`), and a key they applied before writes nothing. A change is logged in
/// `list_events`; an undo ($10, the event it reverts) is logged even when it changed nothing.
enum StarStatement {
    static let sql = """
        WITH member AS (
            SELECT role FROM memberships WHERE list_id = $1::text AND user_id = $2::text FOR SHARE
        ), allowed AS (
            SELECT 1 FROM member WHERE role <> 'viewer'
        ), keyed AS (
            INSERT INTO applied_keys (user_id, key, at)
            SELECT $2::text, $9::text, $5::double precision FROM allowed WHERE $9::text IS NOT NULL
            ON CONFLICT DO NOTHING
            RETURNING id
        ), trimmed AS (
            DELETE FROM applied_keys
            WHERE user_id = $2::text AND EXISTS (SELECT 1 FROM keyed)
              AND id <= (SELECT id FROM applied_keys WHERE user_id = $2::text ORDER BY id DESC OFFSET $11::bigint LIMIT 1)
        ), fresh AS (
            SELECT 1 FROM allowed WHERE $9::text IS NULL OR EXISTS (SELECT 1 FROM keyed)
        ), added AS (
            INSERT INTO favorites (list_id, pokemon_id, added_by, added_at)
            SELECT $1::text, $3::bigint, $2::text, $5::double precision FROM fresh WHERE $4::boolean
            ON CONFLICT DO NOTHING
            RETURNING 1
        ), removed AS (
            DELETE FROM favorites
            WHERE list_id = $1::text AND pokemon_id = $3::bigint AND NOT $4::boolean AND EXISTS (SELECT 1 FROM fresh)
            RETURNING 1
        ), bumped AS (
            UPDATE favorite_lists SET seq = seq + 1
            WHERE id = $1::text AND EXISTS (SELECT 1 FROM added UNION ALL SELECT 1 FROM removed)
            RETURNING seq
        ), announced AS (
            SELECT seq, pg_notify($6::text, $7::text || seq::text || $8::text) FROM bumped
        ), logged AS (
            INSERT INTO list_events (list_id, kind, actor_id, pokemon_id, at, undoes)
            SELECT $1::text, CASE WHEN $4::boolean THEN 'starSet' ELSE 'starUnset' END, $2::text, $3::bigint,
                   $5::double precision, $10::bigint
            FROM fresh WHERE EXISTS (SELECT 1 FROM added UNION ALL SELECT 1 FROM removed) OR $10::bigint IS NOT NULL
        )
        SELECT (SELECT role FROM member), (SELECT seq FROM announced)
        """

    /// The star's statement, prepared once per connection.
    static func statement(for star: FavoriteStar, origin: String, at now: Date) -> PostgresStatement {
        let (prefix, suffix) = ChangeNotice.favoritePayload(
            listID: star.listID, pokemonID: star.pokemonID, isFavorite: star.isFavorite, userID: star.userID, origin: origin)
        return PostgresStatement(sql, params: [
            .text(star.listID), .text(star.userID), .integer(Int64(star.pokemonID)), .bool(star.isFavorite),
            .double(now.timeIntervalSince1970), .text(ChangeNotice.channel), .text(prefix), .text(suffix),
            star.key.map(PostgresValue.text) ?? .null, star.undoes.map(PostgresValue.integer) ?? .null,
            .integer(Int64(AppliedKeys.kept - 1)),
        ], preparedName: "pokedex_star")
    }

    /// The committed change the statement's row reports, nil when nothing changed; throws the
    /// refusal when the author is not a member or may not write.
    static func outcome(_ result: PostgresResult, of star: FavoriteStar) throws -> FavoriteChange? {
        let row = result[0]
        guard !row.isNull(0) else { throw FavoritesError.notMember }
        guard try ListRole(column: 0, of: row).canWrite else { throw FavoritesError.forbidden }
        if row.isNull(1) { return nil }
        return FavoriteChange(listID: star.listID, seq: try row.int(1), pokemonID: star.pokemonID, isFavorite: star.isFavorite, userID: star.userID)
    }

    /// How the batcher writes stars.
    static func write(origin: String, now: @escaping @Sendable () -> Date) -> FavoriteBatcher.Write {
        .eachItem(
            statement: { statement(for: $0, origin: origin, at: now()) },
            outcome: { try outcome($0, of: $1) },
            order: \.listID)
    }
}
