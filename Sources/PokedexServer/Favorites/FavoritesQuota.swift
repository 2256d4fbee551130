import Storage

/// The favorites quotas (`--limit-lists-per-user`, `--limit-members-per-list`,
/// `--limit-invites-per-list`), checked with count queries before the write they would
/// refuse. Storage's repositories stay as they are: the quotas are the server's policy.
///
/// A check and its write are two steps, so joins racing for a list's last place may pass it
/// by as many as join at once; the limits are there to stop a script from growing a list or
/// a user without end, which they do.
struct FavoritesQuota: Sendable {
    var listsPerUser = 0
    var membersPerList = 0
    var invitesPerList = 0
    /// Counts each refusal (`/metrics`).
    var refused: @Sendable (LimitKind) -> Void = { _ in }

    init() {}

    init(_ limits: Limits, refused: @escaping @Sendable (LimitKind) -> Void) {
        listsPerUser = limits.listsPerUser
        membersPerList = limits.membersPerList
        invitesPerList = limits.invitesPerList
        self.refused = refused
    }

    /// Whether a join has anything to check.
    var checksJoins: Bool { listsPerUser > 0 || membersPerList > 0 }

    /// Before `user` accepts the invite `code`: the user may be in one more list, and the
    /// list may have one more member. An unknown code, or a list the user is in already
    /// (joining again changes nothing), passes: the join itself answers those.
    func checkJoin(code: String, user userID: String, _ repository: any ListStore) throws {
        guard checksJoins, let listID = try repository.listID(forInviteCode: code),
              try repository.role(of: userID, in: listID) == nil else { return }
        if listsPerUser > 0, try repository.listCount(forUser: userID) >= listsPerUser {
            throw refusal(.lists, listsPerUser)
        }
        if membersPerList > 0, try repository.memberCount(ofList: listID) >= membersPerList {
            throw refusal(.members, membersPerList)
        }
    }

    /// Before `user` creates a list: they may be in one more list.
    func checkNewList(user userID: String, _ repository: any ListStore) throws {
        if listsPerUser > 0, try repository.listCount(forUser: userID) >= listsPerUser {
            throw refusal(.lists, listsPerUser)
        }
    }

    /// Before the list gets another open invite.
    func checkNewInvite(list listID: String, _ repository: any ListStore) throws {
        guard invitesPerList > 0 else { return }
        if try repository.openInviteCount(ofList: listID) >= invitesPerList {
            throw refusal(.invites, invitesPerList)
        }
    }

    private func refusal(_ kind: LimitKind, _ limit: Int) -> LimitReached {
        refused(kind)
        return LimitReached(kind: kind, limit: limit)
    }
}
