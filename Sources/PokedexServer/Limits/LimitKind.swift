/// Which limit refused something: the `limit` label of `pokedex_limit_refusals_total`.
enum LimitKind: Int, CaseIterable, Sendable {
    case actions, newUsers, sessions, lists, members, invites

    var label: String {
        switch self {
        case .actions: "actions"
        case .newUsers: "new_users"
        case .sessions: "sessions"
        case .lists: "lists"
        case .members: "members"
        case .invites: "invites"
        }
    }
}

/// A quota refused a favorites operation: nothing was written. Its description is what the
/// person reads.
struct LimitReached: Error, CustomStringConvertible, Equatable {
    let kind: LimitKind
    let limit: Int

    var code: String { "limit_reached" }

    var description: String {
        switch kind {
        case .lists: "You are in \(limit) lists, the most one person may be in. Leave one to join another."
        case .members: "This list has \(limit) members, the most a list may have."
        case .invites: "This list has \(limit) open invites, the most it may have. Revoke one to create another."
        case .sessions: "You have \(limit) sessions open, the most one person may have. Close a tab and try again."
        case .actions, .newUsers: "Limit of \(limit) reached."
        }
    }
}
