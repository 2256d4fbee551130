import Foundation
import PokedexModels

/// What creating a user writes, the same on every backend: the user (validated name, time-ordered
/// id), their bearer token (returned once; only its hash is stored) and when.
public struct NewUser: Sendable {
    public let user: User
    public let token: String
    public let createdAt: Double

    public init(displayName: String, at now: Date) throws {
        user = User(id: RandomToken.identifier(createdAt: now), displayName: try DisplayName.validated(displayName))
        token = RandomToken.secret()
        createdAt = now.timeIntervalSince1970
    }

    /// The personal list's name: "Favorites" (no list name embeds a user's name, which the
    /// user may change later).
    public var personalListName: String { ListName.personal }
    public var tokenHash: String { RandomToken.storedHash(of: token) }
}
