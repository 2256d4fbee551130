/// What a committed write changed, as the change feed carries it to every process holding
/// the values it touches. A favorites change carries its sequence number (applied once, in
/// order); the others say what to reload, so hearing one twice costs a reload, nothing more.
public enum StorageEvent: Sendable, Equatable {
    case favorite(FavoriteChange)
    /// The user is no longer a member: removed by the owner, or left.
    case memberLeft(listID: String, userID: String, removed: Bool)
    case memberJoined(listID: String, userID: String)
    /// An invite of the list was created or revoked.
    case invitesChanged(listID: String)
    case userRenamed(userID: String)
    /// These users came online somewhere, or went offline somewhere (a process's users are
    /// announced together: a connect storm is a few notices, not one per user).
    case presenceChanged(userIDs: [String])
    /// The list's activity log grew without another event saying so (an undo that changed no star).
    case activityChanged(listID: String)

    // Named lists and roles. (A new list is `memberJoined` of its owner.)

    /// The list's name changed: every member's lists show the new one.
    case listRenamed(listID: String)
    /// The list is gone: every member's sessions drop it.
    case listDeleted(listID: String)
    /// The member's role changed (a transfer of ownership is two of these).
    case roleChanged(listID: String, userID: String)
    /// Tokens of the user were revoked: the one whose hash is `tokenHash` (a browser signed
    /// out), or every one (nil: signed out everywhere). Sessions holding them end.
    case signedOut(userID: String, tokenHash: String?)
}

extension StorageEvent {
    /// The list whose activity log the committed write added to (a deleted list's log is gone
    /// with it; renames, presence and sign-outs log nothing).
    public var loggedListID: String? {
        switch self {
        case let .favorite(change): change.listID
        case let .memberLeft(listID, _, _), let .memberJoined(listID, _), let .invitesChanged(listID),
             let .activityChanged(listID), let .listRenamed(listID), let .roleChanged(listID, _):
            listID
        case .listDeleted, .userRenamed, .presenceChanged, .signedOut: nil
        }
    }
}
