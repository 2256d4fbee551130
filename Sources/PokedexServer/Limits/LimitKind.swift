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
