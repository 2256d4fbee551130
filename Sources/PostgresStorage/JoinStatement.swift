import Foundation
import PokedexModels
import Postgres
import Storage

/// A join through an invite as one statement, so joins that arrive together share one commit
/// (`WriteBatcher`): each is an announced write, and announced commits run one after another
/// across the cluster, so a join storm (a big list's invite shared at once) paid a WAL flush
/// per member.
///
/// As SQLite's `acceptInvite` does: the invite is read; a member already in keeps their role
/// and counts no use; otherwise, unless it is revoked, expired or used up and if the user
/// exists, a use is claimed (the invite's row lock makes racing joins of a last use take
/// turns, and the loser sees it used up), the membership is inserted with the invite's role,
/// its `joined` event logged and the new membership announced. Returns the invite's list
/// (NULL: no such invite), whether it is revoked, whether the user exists, the list's name and
/// owner, how many were announced, whether the user was a member, whether it is expired, how
/// many uses were claimed and the user's role in the list now (a member's own, else the
/// invite's).
enum JoinStatement {
    static let sql = """
        WITH invite AS (
            SELECT list_id, role, revoked_at, expires_at FROM invites WHERE code_hash = $1::text
        ), person AS (
            SELECT 1 FROM users WHERE id = $2::text
        ), member AS (
            SELECT m.role FROM memberships m JOIN invite i ON m.list_id = i.list_id WHERE m.user_id = $2::text
        ), claimed AS (
            UPDATE invites SET uses = uses + 1
            WHERE code_hash = $1::text AND revoked_at IS NULL
              AND (expires_at IS NULL OR expires_at > $3::double precision)
              AND (max_uses IS NULL OR uses < max_uses)
              AND EXISTS (SELECT 1 FROM person) AND NOT EXISTS (SELECT 1 FROM member)
            RETURNING list_id, role
        ), joined AS (
            INSERT INTO memberships (list_id, user_id, role, joined_at)
            SELECT list_id, $2::text, role, $3::double precision FROM claimed
            ON CONFLICT DO NOTHING
            RETURNING list_id, role
        ), logged AS (  -- runs though nothing reads it, as every data-modifying WITH does
            INSERT INTO list_events (list_id, kind, actor_id, role, at)
            SELECT list_id, 'joined', $2::text, role, $3::double precision FROM joined
            RETURNING 1
        ), announced AS (
            SELECT pg_notify($4::text, $5::text || list_id || $6::text) FROM joined
        )
        SELECT i.list_id, i.revoked_at IS NOT NULL, EXISTS (SELECT 1 FROM person), l.name, l.owner_id,
               (SELECT count(*) FROM announced), EXISTS (SELECT 1 FROM member),
               COALESCE(i.expires_at <= $3::double precision, false), (SELECT count(*) FROM claimed),
               COALESCE((SELECT role FROM member), i.role)
        FROM (SELECT 1) AS one
        LEFT JOIN invite i ON true
        LEFT JOIN favorite_lists l ON l.id = i.list_id
        """

    struct Join: Sendable {
        var code: String
        var userID: String
    }

    static func statement(for join: Join, origin: String, at now: Date) -> PostgresStatement {
        PostgresStatement(sql, params: [
            .text(RandomToken.storedHash(of: join.code)), .text(join.userID), .double(now.timeIntervalSince1970),
            .text(ChangeNotice.channel), .text([origin, "joined"].joined(separator: "|") + "|"), .text("|" + join.userID),
        ], preparedName: "pokedex_join")
    }

    /// The list joined (or already a member of) with the user's role; throws the refusal otherwise.
    static func outcome(_ result: PostgresResult) throws -> ListSummary {
        let row = result[0]
        guard !row.isNull(0) else { throw FavoritesError.unknownInvite }
        guard row[1] != .bool(true) else { throw FavoritesError.revokedInvite }
        guard row[2] == .bool(true) else { throw FavoritesError.unknownUser }
        let list = FavoritesList(id: try row.text(0), name: try row.text(3), ownerID: try row.text(4))
        let claimed = try row.int(8)
        if row[6] == .bool(true) || claimed > 0 { return ListSummary(list: list, role: try ListRole(column: 9, of: row)) }
        throw row[7] == .bool(true) ? FavoritesError.inviteExpired : FavoritesError.inviteUsedUp
    }

    static func write(origin: String, now: @escaping @Sendable () -> Date) -> WriteBatcher<Join, ListSummary>.Write {
        .init(
            statement: { statement(for: $0, origin: origin, at: now()) },
            outcome: { result, _ in try outcome(result) },
            order: \.code)
    }
}
