import Composable
import PokedexModels

/// Who the session's user is and which of the user's lists is active. Every value here is
/// shared: a change in one session shows in every session holding it.
public struct Account: Equatable, Sendable {
    public var me: User
    public var lists: Shared<[ListSummary]>
    public var activeListID: String
    public var roster: Shared<ListRoster>

    public init(me: User, lists: Shared<[ListSummary]>, activeListID: String, roster: Shared<ListRoster>) {
        self.me = me
        self.lists = lists
        self.activeListID = activeListID
        self.roster = roster
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
    }

    public var title: String
    public var message: String
    public var confirmLabel: String
    public var intent: Intent

    public init(title: String, message: String, confirmLabel: String, intent: Intent) {
        self.title = title
        self.message = message
        self.confirmLabel = confirmLabel
        self.intent = intent
    }
}
