import Composable
import FavoritesClient
import PokedexModels

extension AppFeature {
    /// Named lists and members' roles (`{"lists":{…}}` on the wire). Deleting a list and
    /// handing it over ask for confirmation in an alert first.
    public enum ListsAction: Equatable, Sendable {
        /// Creates a list the user owns and makes it active.
        case create(name: String)
        case rename(id: String, name: String)
        /// Asks to delete the list: sets `alert`.
        case delete(id: String)
        /// Makes a member of the active list an editor or a viewer.
        case setRole(member: String, role: ListRole)
        /// Asks to hand the active list to a member: sets `alert`.
        case transferOwnership(member: String)
        /// The list was created (and the user's lists show it).
        case created(FavoritesList)
    }

    func reduceLists(_ action: ListsAction, _ state: inout State) -> Effect<Action> {
        let locale = state.locale
        switch action {
        case let .create(name):
            return .run { [favoritesClient] send in
                await send(.lists(.created(try await favoritesClient.createList(name))))
            } catch: { error, send in
                await send(.favoritesFailed(Strings.failure(error, locale)))
            }

        case let .created(list):
            state.activate(listID: list.id, favoritesClient)
            return .none

        case let .rename(listID, name):
            return .run { [favoritesClient] _ in
                try await favoritesClient.renameList(listID, name)
            } catch: { error, send in
                await send(.favoritesFailed(Strings.failure(error, locale)))
            }

        case let .delete(listID):
            let name = state.account.lists.wrappedValue.first { $0.id == listID }?.list.name ?? Strings.thisList(locale)
            let text = Strings.deleteList(name, locale)
            state.alert = ConfirmationAlert(title: text.title, message: text.message, confirmLabel: text.confirm, intent: .deleteList(listID: listID))
            return .none

        case let .setRole(memberID, role):
            let listID = state.account.activeListID
            return .run { [favoritesClient] _ in
                try await favoritesClient.setRole(listID, memberID, role)
            } catch: { error, send in
                await send(.favoritesFailed(Strings.failure(error, locale)))
            }

        case let .transferOwnership(memberID):
            let name = state.shownRoster?.members.first { $0.id == memberID }?.user.displayName ?? Strings.thisMember(locale)
            let text = Strings.transferOwnership(name, list: state.account.activeList?.name ?? Strings.thisList(locale), locale)
            state.alert = ConfirmationAlert(
                title: text.title, message: text.message, confirmLabel: text.confirm,
                intent: .transferOwnership(userID: memberID, listID: state.account.activeListID)
            )
            return .none
        }
    }

    /// The confirmed alerts of named lists.
    func confirmLists(_ intent: ConfirmationAlert.Intent, _ locale: AppLocale) -> Effect<Action> {
        switch intent {
        case let .deleteList(listID):
            return .run { [favoritesClient] _ in
                try await favoritesClient.deleteList(listID)
            } catch: { error, send in
                await send(.favoritesFailed(Strings.failure(error, locale)))
            }
        case let .transferOwnership(userID, listID):
            return .run { [favoritesClient] _ in
                try await favoritesClient.transferOwnership(listID, userID)
            } catch: { error, send in
                await send(.favoritesFailed(Strings.failure(error, locale)))
            }
        case .removeMember, .leave:
            return .none
        }
    }
}
