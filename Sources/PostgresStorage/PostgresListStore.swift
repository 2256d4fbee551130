import Foundation
import Postgres
import PokedexModels
import Storage

/// Favorites lists, members, invites and favorites in PostgreSQL: `ListStore` for cluster
/// mode. Every write announces what it committed (`ChangeNotice`) in its own transaction.
public struct PostgresListStore: ListStore {
    let pool: PostgresPool
    let origin: String
    let now: @Sendable () -> Date
    private let stars: FavoriteBatcher
    private let joins: WriteBatcher<JoinStatement.Join, FavoritesList>

    init(pool: PostgresPool, origin: String, now: @escaping @Sendable () -> Date = { Date() }) {
        self.pool = pool
        self.origin = origin
        self.now = now
        // Two batches at once: while one commits (the flush, under PostgreSQL's NOTIFY lock)
        // the next runs its statements; more would only wait for the same list rows.
        stars = FavoriteBatcher(pool: pool, maxBatches: min(2, pool.size), write: StarStatement.write(origin: origin, now: now))
        joins = WriteBatcher(pool: pool, maxBatches: 1, write: JoinStatement.write(origin: origin, now: now))
    }

    public func lists(forUser userID: String) throws -> [(list: FavoritesList, role: ListRole)] {
        try pool.query(
            """
            SELECT l.id, l.name, l.owner_id, m.role FROM memberships m JOIN favorite_lists l ON l.id = m.list_id
            WHERE m.user_id = $1 ORDER BY m.role = 'owner' DESC, m.joined_at, l.id
            """,
            params: [.text(userID)]
        ).map { (try FavoritesList(postgres: $0), try ListRole(postgres: $0, column: 3)) }
    }

    public func listIDs(ofMembers userIDs: [String]) throws -> [String] {
        guard !userIDs.isEmpty else { return [] }
        return try pool.query(
            "SELECT DISTINCT list_id FROM memberships WHERE user_id = ANY($1::text[]) ORDER BY list_id",
            params: [.text(PostgresArray.text(userIDs))]
        ).map { try $0.text(0) }
    }

    public func list(id listID: String) throws -> FavoritesList? {
        try pool.query("SELECT id, name, owner_id FROM favorite_lists WHERE id = $1", params: [.text(listID)])
            .first.map { try FavoritesList(postgres: $0) }
    }

    public func role(of userID: String, in listID: String) throws -> ListRole? {
        try pool.withConnection { try $0.role(of: userID, in: listID) }
    }

    public func members(ofList listID: String, as userID: String, limit: Int) throws -> [ListMember] {
        try pool.withConnection { connection in
            try connection.requireRole(of: userID, in: listID)
            return try connection.query(
                """
                SELECT u.id, u.display_name, m.role FROM memberships m JOIN users u ON u.id = m.user_id
                WHERE m.list_id = $1 ORDER BY m.role = 'owner' DESC, m.joined_at, m.user_id LIMIT $2
                """,
                params: [.text(listID), .integer(Int64(max(0, min(limit, Int(Int32.max)))))]
            ).map { ListMember(user: try User(postgres: $0), role: try ListRole(postgres: $0, column: 2)) }
        }
    }

    public func memberCount(ofList listID: String, as userID: String) throws -> Int {
        try pool.withConnection { connection in
            try connection.requireRole(of: userID, in: listID)
            return try connection.query("SELECT COUNT(*) FROM memberships WHERE list_id = $1", params: [.text(listID)])[0].int(0)
        }
    }

    public func favorites(inList listID: String, as userID: String) throws -> Set<Int> {
        try snapshot(ofList: listID, as: userID).ids
    }

    public func snapshot(ofList listID: String, as userID: String) throws -> FavoritesSnapshot {
        // One transaction at REPEATABLE READ: the seq and the rows are of the same commit.
        try pool.transaction(.repeatableRead) { connection in
            try connection.requireRole(of: userID, in: listID)
            let seq = try connection.query("SELECT seq FROM favorite_lists WHERE id = $1", params: [.text(listID)])[0].int(0)
            let rows = try connection.query("SELECT pokemon_id FROM favorites WHERE list_id = $1", params: [.text(listID)])
            return FavoritesSnapshot(ids: Set(try rows.map { try $0.int(0) }), seq: seq)
        }
    }

    public func setFavorite(list listID: String, pokemonID: Int, isFavorite: Bool, by userID: String, key: String?) throws -> FavoriteChange? {
        guard pokemonID > 0 else { throw FavoritesError.invalidPokemonID }
        return try stars.submit(.init(listID: listID, pokemonID: pokemonID, isFavorite: isFavorite, userID: userID, key: key))
    }

    /// Queues the star for the next batch and returns; `completion` runs on the batch's thread.
    public func setFavorite(
        list listID: String, pokemonID: Int, isFavorite: Bool, by userID: String, key: String?,
        completion: @escaping @Sendable (Result<FavoriteChange?, any Error>) -> Void
    ) {
        guard pokemonID > 0 else { return completion(.failure(FavoritesError.invalidPokemonID)) }
        stars.submit(.init(listID: listID, pokemonID: pokemonID, isFavorite: isFavorite, userID: userID, key: key), completion: completion)
    }

    public var settlesFavoritesLater: Bool { true }

    public func removeMember(list listID: String, user memberID: String, by userID: String) throws {
        try pool.transaction { connection in
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
                try connection.announce(.memberLeft(listID: listID, userID: memberID, removed: true), origin: origin)
            }
        }
    }

    public func leave(list listID: String, user userID: String) throws {
        try pool.transaction { connection in
            guard try connection.requireRole(of: userID, in: listID, lock: .update) != .owner else {
                throw FavoritesError.ownerCannotLeave
            }
            try connection.deleteMembership(of: userID, in: listID)
            try connection.appendEvent(NewListEvent(listID: listID, kind: .left, actorID: userID), at: now().timeIntervalSince1970)
            try connection.announce(.memberLeft(listID: listID, userID: userID, removed: false), origin: origin)
        }
    }

    public func createInvite(list listID: String, role: ListRole, by userID: String, terms: InviteTerms) throws -> String {
        guard role != .owner else { throw FavoritesError.invalidInviteRole }
        let code = RandomToken.secret()
        try pool.transaction { connection in
            try connection.requireRole(of: userID, in: listID, where: { $0 == .owner })
            let time = now().timeIntervalSince1970
            try connection.execute(
                """
                INSERT INTO invites (code_hash, list_id, role, created_by, created_at, expires_at, max_uses)
                VALUES ($1, $2, $3, $4, $5, $6, $7)
                """,
                params: [
                    .text(RandomToken.storedHash(of: code)), .text(listID), .text(role.rawValue), .text(userID), .double(time),
                    terms.lifetime.map { .double(time + $0) } ?? .null, terms.maxUses.map { .integer(Int64($0)) } ?? .null,
                ]
            )
            try connection.appendEvent(NewListEvent(listID: listID, kind: .inviteCreated, actorID: userID, role: role), at: time)
            try connection.announce(.invitesChanged(listID: listID), origin: origin)
        }
        return code
    }

    public func acceptInvite(code: String, user userID: String) throws -> FavoritesList {
        try joins.submit(JoinStatement.Join(code: code, userID: userID))
    }

    /// Queues the join for the next batch and returns; `completion` runs on the batch's thread.
    public func acceptInvite(code: String, user userID: String, completion: @escaping @Sendable (Result<FavoritesList, any Error>) -> Void) {
        joins.submit(JoinStatement.Join(code: code, userID: userID), completion: completion)
    }

    public func revokeInvite(code: String, by userID: String) throws {
        try pool.transaction { connection in
            let invite = try connection.invite(forCode: code)
            try connection.requireRole(of: userID, in: invite.listID, where: { $0 == .owner })
            let time = now().timeIntervalSince1970
            let changed = try connection.execute(
                "UPDATE invites SET revoked_at = $1 WHERE code_hash = $2 AND revoked_at IS NULL",
                params: [.double(time), .text(invite.id)]
            ).affectedRows
            guard changed > 0 else { return }
            try connection.appendEvent(NewListEvent(listID: invite.listID, kind: .inviteRevoked, actorID: userID, role: invite.role), at: time)
            try connection.announce(.invitesChanged(listID: invite.listID), origin: origin)
        }
    }

    public func revokeInvite(id inviteID: String, list listID: String, by userID: String) throws {
        try pool.transaction { connection in
            try connection.requireRole(of: userID, in: listID, where: { $0 == .owner })
            let time = now().timeIntervalSince1970
            let revoked = try connection.query(
                "UPDATE invites SET revoked_at = $1 WHERE code_hash = $2 AND list_id = $3 AND revoked_at IS NULL RETURNING role",
                params: [.double(time), .text(inviteID), .text(listID)]
            )
            guard let row = revoked.first else { throw FavoritesError.unknownInvite }
            try connection.appendEvent(
                NewListEvent(listID: listID, kind: .inviteRevoked, actorID: userID, role: try ListRole(postgres: row, column: 0)), at: time
            )
            try connection.announce(.invitesChanged(listID: listID), origin: origin)
        }
    }

    public func invites(ofList listID: String, by userID: String) throws -> [ListInvite] {
        try pool.withConnection { connection in
            try connection.requireRole(of: userID, in: listID, where: { $0 == .owner })
            return try connection.query(
                "SELECT \(ListInvite.postgresColumns) FROM invites WHERE list_id = $1 ORDER BY created_at DESC, code_hash",
                params: [.text(listID)]
            ).map(ListInvite.init(postgres:))
        }
    }
}

extension PostgresListStore {
    public func listCount(forUser userID: String) throws -> Int {
        try pool.query("SELECT COUNT(*) FROM memberships WHERE user_id = $1", params: [.text(userID)])[0].int(0)
    }

    public func memberCount(ofList listID: String) throws -> Int {
        try pool.query("SELECT COUNT(*) FROM memberships WHERE list_id = $1", params: [.text(listID)])[0].int(0)
    }

    public func openInviteCount(ofList listID: String) throws -> Int {
        try pool.query(
            """
            SELECT COUNT(*) FROM invites WHERE list_id = $1 AND revoked_at IS NULL
            AND (expires_at IS NULL OR expires_at > $2) AND (max_uses IS NULL OR uses < max_uses)
            """,
            params: [.text(listID), .double(now().timeIntervalSince1970)]
        )[0].int(0)
    }

    public func ownedListCount(forUser userID: String) throws -> Int {
        try pool.query("SELECT COUNT(*) FROM favorite_lists WHERE owner_id = $1", params: [.text(userID)])[0].int(0)
    }

    public func listID(forInviteCode code: String) throws -> String? {
        try pool.query("SELECT list_id FROM invites WHERE code_hash = $1", params: [.text(RandomToken.storedHash(of: code))])
            .first?.text(0)
    }
}

extension ListInvite {
    static let postgresColumns = "code_hash, list_id, role, created_by, created_at, revoked_at, expires_at, max_uses, uses"

    init(postgres row: PostgresRow) throws {
        self.init(
            id: try row.text(0),
            listID: try row.text(1),
            role: try ListRole(postgres: row, column: 2),
            createdBy: row.isNull(3) ? nil : try row.text(3),
            createdAt: Date(timeIntervalSince1970: try row.double(4)),
            revokedAt: row.isNull(5) ? nil : Date(timeIntervalSince1970: try row.double(5)),
            expiresAt: row.isNull(6) ? nil : Date(timeIntervalSince1970: try row.double(6)),
            maxUses: row.isNull(7) ? nil : try row.int(7),
            uses: try row.int(8)
        )
    }
}

extension PostgresConnection {
    func deleteMembership(of userID: String, in listID: String) throws {
        try execute("DELETE FROM memberships WHERE list_id = $1 AND user_id = $2", params: [.text(listID), .text(userID)])
    }

    fileprivate func invite(forCode code: String) throws -> ListInvite {
        let rows = try query(
            "SELECT \(ListInvite.postgresColumns) FROM invites WHERE code_hash = $1",
            params: [.text(RandomToken.storedHash(of: code))]
        )
        guard let row = rows.first else { throw FavoritesError.unknownInvite }
        return try ListInvite(postgres: row)
    }
}
