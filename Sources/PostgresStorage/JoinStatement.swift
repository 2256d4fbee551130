import Foundation
import PokedexModels
import Postgres
import Storage

/// A join through an invite as one statement, so joins that arrive together share one commit
/// (`WriteBatcher`): each is an announced write, and announced commits run one after another
/// across the cluster, so a join storm (a big list's invite shared at once) paid a WAL flush
/// per member.
///
/// As `acceptInvite`'s separate statements did: the invite is read; unless it is revoked and
/// if the user exists, the membership is inserted with the invite's role (a member keeps the
/// role they have), and a new membership is announced. Returns the invite's list (NULL: no such
/// invite), whether it is revoked, whether the user exists, and the list's name and owner.
enum JoinStatement {
    static let sql = """
        WITH invite AS (
            SELECT list_id, role, revoked_at FROM invites WHERE code_hash = $1::text
        ), person AS (
            SELECT 1 FROM users WHERE id = $2::text
        ), joined AS (
            INSERT INTO memberships (list_id, user_id, role, joined_at)
            SELECT list_id, $2::text, role, $3::double precision FROM invite
            WHERE revoked_at IS NULL AND EXISTS (SELECT 1 FROM person)
            ON CONFLICT DO NOTHING
            RETURNING list_id
        ), announced AS (
            SELECT pg_notify($4::text, $5::text || list_id || $6::text) FROM joined
        )
        SELECT i.list_id, i.revoked_at IS NOT NULL, EXISTS (SELECT 1 FROM person), l.name, l.owner_id,
               (SELECT count(*) FROM announced)
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

    /// The list joined (or already a member of); throws the refusal otherwise.
    static func outcome(_ result: PostgresResult) throws -> FavoritesList {
        let row = result[0]
        guard !row.isNull(0) else { throw FavoritesError.unknownInvite }
        guard row[1] != .bool(true) else { throw FavoritesError.revokedInvite }
        guard row[2] == .bool(true) else { throw FavoritesError.unknownUser }
        return FavoritesList(id: try row.text(0), name: try row.text(3), ownerID: try row.text(4))
    }

    static func write(origin: String, now: @escaping @Sendable () -> Date) -> WriteBatcher<Join, FavoritesList>.Write {
        .init(
            statement: { statement(for: $0, origin: origin, at: now()) },
            outcome: { result, _ in try outcome(result) },
            order: \.code)
    }
}
