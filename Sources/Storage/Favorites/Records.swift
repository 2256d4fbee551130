import Foundation
import PokedexModels
import SQLCore

// Row decoding shared by both backends' stores.

extension User {
    /// From the columns `id, display_name`, starting at `column`.
    public init(row: some ResultColumns, from column: Int = 0) throws {
        self.init(id: try row.text(column), displayName: try row.text(column + 1))
    }
}

extension FavoritesList {
    /// From the columns `id, name, owner_id`, starting at `column`.
    public init(row: some ResultColumns, from column: Int = 0) throws {
        self.init(id: try row.text(column), name: try row.text(column + 1), ownerID: try row.text(column + 2))
    }
}

extension ListRole {
    public init(column: Int, of row: some ResultColumns) throws {
        // The schema's CHECK constraint makes a failure unreachable short of a corrupted database.
        guard let role = ListRole(rawValue: try row.text(column)) else { throw row.columnError(column, expected: "a role") }
        self = role
    }
}

extension ListInvite {
    static let columns = "code_hash, list_id, role, created_by, created_at, revoked_at, expires_at, max_uses, uses"

    /// From the `columns`, in order.
    init(row: some ResultColumns) throws {
        self.init(
            id: try row.text(0), listID: try row.text(1), role: try ListRole(column: 2, of: row), createdBy: try row.optionalText(3),
            createdAt: Date(timeIntervalSince1970: try row.double(4)), revokedAt: try row.optionalDate(5),
            expiresAt: try row.optionalDate(6), maxUses: row.isNull(7) ? nil : try row.int(7), uses: try row.int(8)
        )
    }
}
