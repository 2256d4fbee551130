import Foundation
import PokedexModels

// Row decoding and the list insert shared by both repositories.

extension User {
    /// From the columns `id, display_name`, starting at `column`.
    init(row: Row, from column: Int = 0) throws {
        self.init(id: try row.text(column), displayName: try row.text(column + 1))
    }
}

extension FavoritesList {
    /// From the columns `id, name, owner_id`, starting at `column`.
    init(row: Row, from column: Int = 0) throws {
        self.init(id: try row.text(column), name: try row.text(column + 1), ownerID: try row.text(column + 2))
    }
}

extension ListRole {
    init(column: Int, of row: Row) throws {
        let text = try row.text(column)
        guard let role = ListRole(rawValue: text) else {
            // The schema's CHECK constraint makes this unreachable short of a corrupted file.
            throw SQLiteError(code: SQLiteError.mismatch, message: "unknown role '\(text)'")
        }
        self = role
    }
}

extension SQLiteConnection {
    /// Inserts a list and its owner's membership; run inside the caller's transaction.
    func insertList(named name: String, ownerID: String, at time: Double) throws -> FavoritesList {
        let listID = RandomToken.identifier(createdAt: Date(timeIntervalSince1970: time))
        try run(
            "INSERT INTO favorite_lists (id, name, owner_id, created_at) VALUES (?, ?, ?, ?)",
            [.text(listID), .text(name), .text(ownerID), .real(time)]
        )
        try run(
            "INSERT INTO memberships (list_id, user_id, role, joined_at) VALUES (?, ?, 'owner', ?)",
            [.text(listID), .text(ownerID), .real(time)]
        )
        return FavoritesList(id: listID, name: name, ownerID: ownerID)
    }
}
