import PokedexModels

/// The membership look-ups every authorised operation starts with, run on the caller's
/// connection so check and change happen in the same transaction.
extension SQLiteConnection {
    func role(of userID: String, in listID: String) throws -> ListRole? {
        let rows = try query("SELECT role FROM memberships WHERE list_id = ? AND user_id = ?", [.text(listID), .text(userID)])
        return try rows.first.map { try ListRole(column: 0, of: $0) }
    }

    /// The user's role in the list if `isAllowed` accepts it; otherwise `notMember` (also for
    /// a list that does not exist) or `forbidden`.
    @discardableResult
    func requireRole(
        of userID: String,
        in listID: String,
        where isAllowed: (ListRole) -> Bool = { _ in true }
    ) throws -> ListRole {
        guard let role = try role(of: userID, in: listID) else { throw FavoritesError.notMember }
        guard isAllowed(role) else { throw FavoritesError.forbidden }
        return role
    }
}
