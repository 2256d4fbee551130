import Foundation
import PokedexModels

/// An invite to a list, as its owner sees it. The code itself is never stored, so it
/// cannot be shown again; `id` (the code's hash) names the invite without granting anything.
public struct ListInvite: Equatable, Hashable, Sendable, Identifiable {
    public var id: String
    public var listID: String
    public var role: ListRole
    /// Nil once the user who created it is deleted.
    public var createdBy: String?
    public var createdAt: Date
    public var revokedAt: Date?

    public var isRevoked: Bool { revokedAt != nil }

    public init(id: String, listID: String, role: ListRole, createdBy: String?, createdAt: Date, revokedAt: Date?) {
        self.id = id
        self.listID = listID
        self.role = role
        self.createdBy = createdBy
        self.createdAt = createdAt
        self.revokedAt = revokedAt
    }
}

extension ListInvite {
    static let columns = "code_hash, list_id, role, created_by, created_at, revoked_at"

    /// From the `columns`, in order.
    init(row: Row) throws {
        self.init(
            id: try row.text(0),
            listID: try row.text(1),
            role: try ListRole(column: 2, of: row),
            createdBy: row.isNull(3) ? nil : try row.text(3),
            createdAt: Date(timeIntervalSince1970: try row.double(4)),
            revokedAt: row.isNull(5) ? nil : Date(timeIntervalSince1970: try row.double(5))
        )
    }
}
