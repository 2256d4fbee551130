/// A quota refused an operation (a hello, a join, an invite): nothing was written. Its
/// description is what the person reads.
struct LimitReached: Error, CustomStringConvertible, Equatable {
    let kind: LimitKind
    let limit: Int

    /// A rate says when to try again, a quota what to give up.
    var code: String {
        switch kind {
        case .actions, .newUsers, .signIns, .signInCodes: "rate_limited"
        case .sessions, .lists, .members, .invites, .recordings: "limit_reached"
        }
    }

    var description: String {
        switch kind {
        case .lists: "You are in \(limit) lists, the most one person may be in. Leave one to join another."
        case .members: "This list has \(limit) members, the most a list may have."
        case .invites: "This list has \(limit) open invites, the most it may have. Revoke one to create another."
        case .sessions: "You have \(limit) sessions open, the most one person may have. Close a tab and try again."
        case .signInCodes: "You made \(limit) sign-in codes in the last minute, the most one may. Use one of them, or wait a minute."
        case .signIns: "Too many sign-in attempts from your address: wait a minute and try again."
        case .recordings: "The server is already recording \(limit) sessions for problem reports. Try again later."
        case .actions, .newUsers: "Limit of \(limit) reached."
        }
    }
}
