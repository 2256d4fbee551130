import Foundation
import PokedexModels
import Postgres
import Storage

/// A batch of joins through invites as one statement, so joins that arrive together share one
/// commit (`WriteBatcher`) and one run of the statement: each is an announced write, and
/// announced commits run one after another across the cluster, so a join storm (a big list's
/// invite shared at once) paid a WAL flush per member, and then a statement's planning,
/// executor start and sub-statements per member.
///
/// Each join means what SQLite's `acceptInvite` does, as if the batch's joins ran one after
/// another in their order: the invite is read; a member already in keeps their role and counts
/// no use (so does a user who joins twice in one batch, the second time); otherwise, unless it
/// is revoked, expired or used up and if the user exists, a use is claimed, the membership is
/// inserted with the invite's role, its `joined` event logged and the new membership
/// announced. The batch's invites are locked first (`FOR UPDATE`, which reads the latest
/// committed uses), so racing batches of other processes take turns and the uses left are
/// claimed by the batch's joins in order: the loser of a last use sees it used up.
///
/// Answers a row per join, in the batch's order: the invite's list (NULL: no such invite),
/// whether it is revoked, whether the user exists, the list's name and owner, whether the
/// user was a member, whether it is expired, whether a use was claimed (for a user's second
/// join in the batch, by their first) and the user's role in the list now (a member's own,
/// else the invite's); then how many were announced, which only makes the notifications run.
enum JoinStatement {
    static let sql = """
        WITH batch AS (
            SELECT b.code_hash, b.user_id, b.ord
            FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS b(code_hash, user_id, ord)
        ), invite AS (
            SELECT code_hash, list_id, role, revoked_at, expires_at, max_uses, uses
            FROM invites WHERE code_hash IN (SELECT code_hash FROM batch)
            FOR UPDATE
        ), facts AS (
            SELECT b.ord, b.code_hash, b.user_id, i.list_id, i.role AS invite_role, i.max_uses, i.uses,
                   i.revoked_at IS NOT NULL AS revoked,
                   COALESCE(i.expires_at <= $3::double precision, false) AS expired,
                   EXISTS (SELECT 1 FROM users u WHERE u.id = b.user_id) AS person,
                   (SELECT m.role FROM memberships m WHERE m.list_id = i.list_id AND m.user_id = b.user_id) AS member_role,
                   min(b.ord) OVER (PARTITION BY b.code_hash, b.user_id) AS first
            FROM batch b LEFT JOIN invite i ON i.code_hash = b.code_hash
        ), claimed AS (
            SELECT ord, code_hash, user_id, list_id, invite_role AS role FROM (
                SELECT *, row_number() OVER (PARTITION BY code_hash ORDER BY ord) AS nth FROM facts
                WHERE list_id IS NOT NULL AND NOT revoked AND NOT expired AND person
                  AND member_role IS NULL AND ord = first
            ) AS eligible
            WHERE max_uses IS NULL OR uses + nth <= max_uses
        ), used AS (
            UPDATE invites i SET uses = i.uses + c.n
            FROM (SELECT code_hash, count(*) AS n FROM claimed GROUP BY code_hash) AS c
            WHERE i.code_hash = c.code_hash
            RETURNING 1
        ), joined AS (
            INSERT INTO memberships (list_id, user_id, role, joined_at)
            SELECT list_id, user_id, role, $3::double precision FROM claimed ORDER BY ord
            ON CONFLICT DO NOTHING
            RETURNING list_id, user_id, role
        ), logged AS (  -- these run though nothing reads them, as every data-modifying WITH does
            INSERT INTO list_events (list_id, kind, actor_id, role, at)
            SELECT list_id, 'joined', user_id, role, $3::double precision FROM joined
            RETURNING 1
        ), announced AS (
            SELECT pg_notify($4::text, $5::text || list_id || '|' || user_id) FROM joined
        )
        SELECT f.list_id, f.revoked, f.person, l.name, l.owner_id,
               f.member_role IS NOT NULL, f.expired,
               EXISTS (SELECT 1 FROM claimed c WHERE c.ord = f.first),
               COALESCE(f.member_role, f.invite_role),
               (SELECT count(*) FROM announced)
        FROM facts f LEFT JOIN favorite_lists l ON l.id = f.list_id
        ORDER BY f.ord
        """

    struct Join: Sendable {
        var code: String
        var userID: String
    }

    static func statement(for joins: [Join], origin: String, at now: Date) -> PostgresStatement {
        PostgresStatement(sql, params: [
            .text(PostgresArray.text(joins.map { RandomToken.storedHash(of: $0.code) })),
            .text(PostgresArray.text(joins.map(\.userID))),
            .double(now.timeIntervalSince1970),
            .text(ChangeNotice.channel), .text([origin, "joined"].joined(separator: "|") + "|"),
        ], preparedName: "pokedex_joins")
    }

    /// Each join's outcome, in the batch's order.
    static func outcomes(_ result: PostgresResult, of joins: [Join]) throws -> [Result<ListSummary, any Error>] {
        guard result.count == joins.count else {
            throw PostgresError(code: "XX000", message: "a batch of \(joins.count) joins answered \(result.count) rows")
        }
        return result.map { row in Result { try outcome(row) } }
    }

    /// The list joined (or already a member of) with the user's role; throws the refusal otherwise.
    static func outcome(_ row: PostgresRow) throws -> ListSummary {
        guard !row.isNull(0) else { throw FavoritesError.unknownInvite }
        guard row[1] != .bool(true) else { throw FavoritesError.revokedInvite }
        guard row[2] == .bool(true) else { throw FavoritesError.unknownUser }
        let list = FavoritesList(id: try row.text(0), name: try row.text(3), ownerID: try row.text(4))
        if row[5] == .bool(true) || row[7] == .bool(true) { return ListSummary(list: list, role: try ListRole(column: 8, of: row)) }
        throw row[6] == .bool(true) ? FavoritesError.inviteExpired : FavoritesError.inviteUsedUp
    }

    static func write(origin: String, now: @escaping @Sendable () -> Date) -> WriteBatcher<Join, ListSummary>.Write {
        .together(
            statement: { statement(for: $0, origin: origin, at: now()) },
            outcomes: { try outcomes($0, of: $1) },
            order: \.code)
    }
}
