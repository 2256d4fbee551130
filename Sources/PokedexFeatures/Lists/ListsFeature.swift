import Composable
import FavoritesClient
import PokedexModels

/// Named lists, members' roles and memberships (`{"lists":{…}}` on the wire), and the alert
/// that confirms the ones that cannot be undone (`{"alert":{…}}`): deleting a list, handing it
/// over, removing a member, leaving. What changes the rest of the screen (making a list
/// active, a failure's notice) it asks of `AppFeature` through `delegate`.
public struct ListsFeature: Reducer, Sendable {
    public struct State: Equatable, Sendable {
        public var account: Account
        public var alert: ConfirmationAlert?
        public var locale: AppLocale
        /// The roster the Favorites view shows, for the names an alert says.
        public var shownRoster: ListRoster?
    }

    public enum Action: Equatable, Sendable {
        /// Creates a list the user owns and makes it active.
        case create(name: String)
        case rename(id: String, name: String)
        /// Asks to delete the list: sets `alert`.
        case delete(id: String)
        /// Makes a member of the active list an editor or a viewer.
        case setRole(member: String, role: ListRole)
        /// Asks to hand the active list to a member: sets `alert`.
        case transferOwnership(member: String)
        /// Asks to remove a member of the active list: sets `alert`.
        case askToRemove(member: String)
        /// Asks to leave the active list: sets `alert`.
        case askToLeave
        /// The list was created (and the user's lists show it).
        case created(FavoritesList)
        /// The alert's buttons.
        case alert(AppFeature.Action.AlertAction)
        case delegate(Delegate)

        public enum Delegate: Equatable, Sendable {
            /// Make this list the active one.
            case activate(listID: String)
            /// The user left the list (its sessions drop it when their lists no longer show it).
            case left(listID: String)
            /// A write was refused or failed: the notice to show.
            case failed(String)
        }
    }

    @Dependency(FavoritesClient.self) var favoritesClient

    public init() {}

    public func reduce(into state: inout State, action: Action) -> Effect<Action> {
        let locale = state.locale
        switch action {
        case let .create(name):
            return write { client, send in await send(.created(try await client.createList(name))) }

        case let .created(list):
            return .send(.delegate(.activate(listID: list.id)))

        case let .rename(listID, name):
            return write { client, _ in try await client.renameList(listID, name) }

        case let .delete(listID):
            let name = state.account.lists.wrappedValue.first { $0.id == listID }?.list.name ?? Strings.thisList(locale)
            return ask(Strings.deleteList(name, locale), .deleteList(listID: listID))

        case let .setRole(memberID, role):
            let listID = state.account.activeListID
            return write { client, _ in try await client.setRole(listID, memberID, role) }

        case let .transferOwnership(memberID):
            let text = Strings.transferOwnership(state.memberName(memberID), list: state.activeListName, locale)
            return ask(text, .transferOwnership(userID: memberID, listID: state.account.activeListID))

        case let .askToRemove(memberID):
            let text = Strings.removeMember(state.memberName(memberID), list: state.activeListName, locale)
            return ask(text, .removeMember(userID: memberID, listID: state.account.activeListID))

        case .askToLeave:
            return ask(Strings.leave(list: state.activeListName, locale), .leave(listID: state.account.activeListID))

        case .alert(.cancel):
            state.alert = nil
            return .none

        case .alert(.confirm):
            guard let alert = state.alert else { return .none }
            state.alert = nil
            return confirm(alert.intent)

        case .delegate:
            return .none
        }

        /// Shows the alert that confirms `intent` (nothing happens until it is confirmed).
        func ask(_ text: (title: String, message: String, confirm: String), _ intent: ConfirmationAlert.Intent) -> Effect<Action> {
            state.alert = ConfirmationAlert(title: text.title, message: text.message, confirmLabel: text.confirm, intent: intent)
            return .none
        }

        /// A write through the favorites client; a failure becomes the delegate's notice.
        func write(_ body: @escaping @Sendable (FavoritesClient, Send<Action>) async throws -> Void) -> Effect<Action> {
            .run { [favoritesClient] send in
                try await body(favoritesClient, send)
            } catch: { error, send in
                await send(.delegate(.failed(Strings.failure(error, locale))))
            }
        }

        func confirm(_ intent: ConfirmationAlert.Intent) -> Effect<Action> {
            switch intent {
            case let .removeMember(userID, listID):
                return write { client, _ in try await client.removeMember(listID, userID) }
            case let .leave(listID):
                return write { client, send in
                    try await client.leave(listID)
                    await send(.delegate(.left(listID: listID)))
                }
            case let .deleteList(listID):
                return write { client, _ in try await client.deleteList(listID) }
            case let .transferOwnership(userID, listID):
                return write { client, _ in try await client.transferOwnership(listID, userID) }
            }
        }
    }
}

extension ListsFeature.State {
    func memberName(_ userID: String) -> String {
        shownRoster?.members.first { $0.id == userID }?.user.displayName ?? Strings.thisMember(locale)
    }

    var activeListName: String { account.activeList?.name ?? Strings.thisList(locale) }
}
