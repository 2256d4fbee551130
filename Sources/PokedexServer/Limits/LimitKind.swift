/// Which limit refused something: the `limit` label of `pokedex_limit_refusals_total`.
enum LimitKind: Int, CaseIterable, Sendable {
    case actions, newUsers, sessions, lists, members, invites
    case signIns, signInCodes
    /// Sessions recording on their users' consent ("Report a problem") at once.
    case recordings

    var label: String {
        switch self {
        case .actions: "actions"
        case .newUsers: "new_users"
        case .sessions: "sessions"
        case .lists: "lists"
        case .members: "members"
        case .invites: "invites"
        case .signIns: "sign_ins"
        case .signInCodes: "sign_in_codes"
        case .recordings: "recordings"
        }
    }
}
