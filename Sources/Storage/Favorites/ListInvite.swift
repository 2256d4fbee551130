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
    /// When it stops admitting anyone (nil: never).
    public var expiresAt: Date?
    /// How many people may join with it (nil: any number).
    public var maxUses: Int?
    /// How many people joined with it.
    public var uses: Int

    public var isRevoked: Bool { revokedAt != nil }

    public init(
        id: String, listID: String, role: ListRole, createdBy: String?, createdAt: Date, revokedAt: Date?,
        expiresAt: Date? = nil, maxUses: Int? = nil, uses: Int = 0
    ) {
        self.id = id
        self.listID = listID
        self.role = role
        self.createdBy = createdBy
        self.createdAt = createdAt
        self.revokedAt = revokedAt
        self.expiresAt = expiresAt
        self.maxUses = maxUses
        self.uses = uses
    }

    public func isExpired(at now: Date) -> Bool { expiresAt.map { $0 <= now } ?? false }
    public var isUsedUp: Bool { maxUses.map { uses >= $0 } ?? false }

    /// Whether it still admits someone new at `now`: not revoked, not expired, not used up.
    public func isOpen(at now: Date) -> Bool { !isRevoked && !isExpired(at: now) && !isUsedUp }
}

/// How long a new invite works and how many people it admits; the default, no limit on either.
public struct InviteTerms: Sendable, Equatable {
    /// Seconds from its creation (by the store's clock) until it expires; nil: never.
    public var lifetime: TimeInterval?
    /// How many people may join with it; nil: any number.
    public var maxUses: Int?

    public init(lifetime: TimeInterval? = nil, maxUses: Int? = nil) {
        self.lifetime = lifetime
        self.maxUses = maxUses
    }

    public static let unlimited = InviteTerms()
}
