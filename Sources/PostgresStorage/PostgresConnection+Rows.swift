import Postgres
import PokedexModels
import Storage

// Row decoding and the membership checks every authorised operation starts with, run on the
// caller's connection so check and change happen in the same transaction.

extension User {
    init(postgres row: PostgresRow, from column: Int = 0) throws {
        self.init(id: try row.text(column), displayName: try row.text(column + 1))
    }
}

extension FavoritesList {
    init(postgres row: PostgresRow, from column: Int = 0) throws {
        self.init(id: try row.text(column), name: try row.text(column + 1), ownerID: try row.text(column + 2))
    }
}

extension ListRole {
    init(postgres row: PostgresRow, column: Int) throws {
        let text = try row.text(column)
        guard let role = ListRole(rawValue: text) else {
            throw PostgresError(code: PostgresError.datatypeMismatch, message: "unknown role '\(text)'")
        }
        self = role
    }
}

/// How a membership check locks the row it reads, until the transaction ends.
enum MembershipLock: String {
    /// The author of a write: a concurrent removal of them waits for the write, or the write
    /// sees them gone.
    case share = " FOR SHARE"
    /// The member about to be deleted: two deletions of one membership take turns (the second
    /// then finds it gone) where two share locks would each wait for the other, a deadlock.
    case update = " FOR UPDATE"
}

extension PostgresConnection {
    /// The user's role in the list, its row locked as `lock` says (unlocked when nil).
    func role(of userID: String, in listID: String, lock: MembershipLock? = nil) throws -> ListRole? {
        let rows = try query(
            "SELECT role FROM memberships WHERE list_id = $1 AND user_id = $2\(lock?.rawValue ?? "")",
            params: [.text(listID), .text(userID)]
        )
        return try rows.first.map { try ListRole(postgres: $0, column: 0) }
    }

    /// The user's role if `isAllowed` accepts it; otherwise `notMember` (also for a list that
    /// does not exist) or `forbidden`.
    @discardableResult
    func requireRole(
        of userID: String, in listID: String, lock: MembershipLock? = nil, where isAllowed: (ListRole) -> Bool = { _ in true }
    ) throws -> ListRole {
        guard let role = try role(of: userID, in: listID, lock: lock) else { throw FavoritesError.notMember }
        guard isAllowed(role) else { throw FavoritesError.forbidden }
        return role
    }

    /// Announces a committed event to every process (delivered at this transaction's commit).
    func announce(_ event: StorageEvent, origin: String) throws {
        try notify(channel: ChangeNotice.channel, payload: ChangeNotice.payload(event, origin: origin))
    }
}
