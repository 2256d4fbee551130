import Composable
import PokedexModels

/// Who the session's user is and which of the user's lists is active. The lists are shared:
/// a list joined or left in one tab shows in every tab of the user.
public struct Account: Equatable, Sendable {
    public var me: User
    public var lists: Shared<[ListSummary]>
    public var activeListID: String
    /// A sign-in code this session made for another device, until dismissed; only this
    /// session shows it (`AccountFeature`).
    @Boxed public var signIn: SignInCode?
    /// "Report a problem" started this session's recording: the reference to quote, until
    /// dismissed; only this session shows it (`AccountFeature`).
    @Boxed public var problemReport: ProblemReport?

    public init(me: User, lists: Shared<[ListSummary]>, activeListID: String) {
        self.me = me
        self.lists = lists
        self.activeListID = activeListID
    }

    /// The user's role in the active list (nil if the user has left it).
    public var activeRole: ListRole? {
        lists.wrappedValue.first { $0.id == activeListID }?.role
    }

    public var activeList: FavoritesList? {
        lists.wrappedValue.first { $0.id == activeListID }?.list
    }
}

/// A confirmation that lives in state until answered.
public struct ConfirmationAlert: Equatable, Sendable {
    public enum Intent: Equatable, Sendable {
        case removeMember(userID: String, listID: String)
        case leave(listID: String)
        case deleteList(listID: String)
        case transferOwnership(userID: String, listID: String)
    }

    public var title: String
    public var message: String
    public var confirmLabel: String
    public var intent: Intent

    /// Public: a recording's state (`StateCodec`) rebuilds the alert a session showed.
    public init(title: String, message: String, confirmLabel: String, intent: Intent) {
        self.title = title
        self.message = message
        self.confirmLabel = confirmLabel
        self.intent = intent
    }
}

/// Why the user is no longer a member of a list, for the notice every session shows.
public enum ListAccessLoss: Equatable, Sendable {
    /// The user left (in this tab or another).
    case left
    /// The list's owner removed the user.
    case removed
    /// The list's owner deleted the list.
    case deleted
}
