/// Who may send an action: checked by the server's `ActionAuthorization` against the session's
/// state before the action reaches the Store. Every table entry names one; there is no default.
public enum RequiredRole: Sendable, Equatable {
    /// Any session's user.
    case anyone
    /// A user who may write the active list (its owner or an editor).
    case editor
    /// The active list's owner.
    case owner
    /// A member of the active list other than its owner (the owner cannot leave).
    case memberNotOwner
    /// A member of the list this string field names.
    case memberOf(field: String)
    /// The owner of the list this string field names.
    case ownerOf(field: String)
    /// A user who may write the list this string field names (its owner or an editor), whether
    /// it is the active list or not: a star names the list it was made for.
    case editorOf(field: String)

    /// How docs/PROTOCOL.md names it.
    public var summary: String {
        switch self {
        case .anyone: "anyone"
        case .editor: "editor"
        case .owner: "owner"
        case .memberNotOwner: "member, not owner"
        case let .memberOf(field): "member of `\(field)`"
        case let .ownerOf(field): "owner of `\(field)`"
        case let .editorOf(field): "editor of `\(field)`"
        }
    }
}

/// What an action costs the server, for rates: every action counts against the connection's
/// frame rate; a `write` also commits to storage and is acknowledged after the commit.
public enum RateClass: String, Sendable, Equatable {
    /// Changes this session's state only.
    case read
    /// Commits to storage (a star, an invite, a join, a removal, a rename).
    case write
}
