/// A named set of favorite Pokémon, owned by one user and shared with others by invite.
public struct FavoritesList: Equatable, Hashable, Sendable, Identifiable, Codable {
    public var id: String
    public var name: String
    public var ownerID: String

    public init(id: String, name: String, ownerID: String) {
        self.id = id
        self.name = name
        self.ownerID = ownerID
    }
}

/// What a member may do with a list.
public enum ListRole: String, Equatable, Hashable, Sendable, Codable, CaseIterable {
    /// Created the list; manages members and invites; cannot leave or be removed.
    case owner
    /// Adds and removes favorites.
    case editor
    /// Sees the favorites, changes nothing.
    case viewer

    public var canWrite: Bool { self != .viewer }
}

/// One member of a list, as the share screen shows it.
public struct ListMember: Equatable, Hashable, Sendable, Identifiable, Codable {
    public var user: User
    public var role: ListRole

    public var id: String { user.id }

    public init(user: User, role: ListRole) {
        self.user = user
        self.role = role
    }
}
