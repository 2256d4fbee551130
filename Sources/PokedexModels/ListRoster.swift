/// One of a user's lists and the user's role in it.
public struct ListSummary: Equatable, Hashable, Sendable, Identifiable {
    public var list: FavoritesList
    public var role: ListRole

    public var id: String { list.id }

    public init(list: FavoritesList, role: ListRole) {
        self.list = list
        self.role = role
    }
}

/// Who is in a list now: the first members with their presence (a list may have thousands:
/// `memberCount` says how many), and (for owners) the open invites.
public struct ListRoster: Equatable, Hashable, Sendable {
    /// How many members a roster lists by name (one page of the roster). A page is what a
    /// Favorites view carries when it opens and on every push while open: people joining a big
    /// list all open it at once, so it is a phone's screenful, not a long page.
    public static let shownMembers = 20
    /// The most members one roster lists, however many pages a session asked for: a list may
    /// have thousands, and every page shown is pushed on every join and presence change.
    public static let maxShownMembers = 1_000

    public var members: [RosterMember]
    public var memberCount: Int
    public var invites: [InviteSummary]

    public init(members: [RosterMember] = [], memberCount: Int? = nil, invites: [InviteSummary] = []) {
        self.members = members
        self.memberCount = memberCount ?? members.count
        self.invites = invites
    }

    public struct RosterMember: Equatable, Hashable, Sendable, Identifiable {
        public var user: User
        public var role: ListRole
        /// A session of this user is connected now.
        public var isOnline: Bool

        public var id: String { user.id }

        public init(user: User, role: ListRole, isOnline: Bool) {
            self.user = user
            self.role = role
            self.isOnline = isOnline
        }
    }

    /// An open invite, by an opaque id (codes are stored only as hashes).
    public struct InviteSummary: Equatable, Hashable, Sendable, Identifiable {
        public var id: String
        public var role: ListRole
        /// How many people joined with it.
        public var uses: Int
        /// How many may join with it (nil: any number).
        public var maxUses: Int?
        /// When it stops admitting anyone, in milliseconds since the epoch (nil: never).
        public var expiresAt: Int64?

        public init(id: String, role: ListRole, uses: Int = 0, maxUses: Int? = nil, expiresAt: Int64? = nil) {
            self.id = id
            self.role = role
            self.uses = uses
            self.maxUses = maxUses
            self.expiresAt = expiresAt
        }
    }
}
