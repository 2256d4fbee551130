import Composable
import FavoritesClient
import PokedexModels

/// The Favorites view of the active list: its Pokémon, its members, and (for owners) invites.
/// Destructive choices go up to the root, which asks for confirmation in an alert. The roster
/// (members with presence) is held only while the view is shown, so a list with thousands of
/// members does not push every join to every member's session.
public struct FavoritesFeature: Reducer, Sendable {
    public struct State: Equatable, Sendable {
        public var listID: String
        /// Members and open invites, live while the view is shown (set on appear).
        public var roster: Shared<ListRoster>?
        /// How many members the roster lists: a page more on each `moreMembersTapped`, up to
        /// `ListRoster.maxShownMembers`.
        public var memberLimit = ListRoster.shownMembers
        /// The invite just created: shown once, with its link.
        public var invite: Invite?
        public var error: String?
        /// The change that failed with `error`: `retryTapped` does it again.
        public var failedIntent: Intent?
        /// The language of its messages.
        public var locale: AppLocale
        /// Who added each favorite and the latest events, live while the view is shown (set on appear).
        public var activity: Shared<ListActivity>?
        /// How the list's Pokémon are ordered.
        public var sort: FavoritesSort = .number

        public init(listID: String, locale: AppLocale = .en) {
            self.listID = listID
            self.locale = locale
        }

        /// A change the view asked for that can be tried again.
        public enum Intent: Equatable, Sendable {
            case invite(ListRole, InviteOptions)
            case revokeInvite(id: String)
        }

        public struct Invite: Equatable, Sendable {
            public var role: ListRole
            public var code: String

            public init(role: ListRole, code: String) {
                self.role = role
                self.code = code
            }
        }
    }

    public enum Action: Equatable, Sendable {
        case onAppear
        case rowTapped(id: Int)
        case inviteTapped(ListRole, InviteOptions = InviteOptions())
        /// Lists the next page of members.
        case moreMembersTapped
        case inviteCreated(State.Invite)
        case inviteDismissed
        case revokeInviteTapped(id: String)
        case removeMemberTapped(userID: String)
        case leaveTapped
        case failed(String)
        case intentFailed(State.Intent, String)
        /// Tries the failed change again.
        case retryTapped
        case localeChanged(AppLocale)
        case sortChanged(FavoritesSort)
        case delegate(Delegate)

        public enum Delegate: Equatable, Sendable {
            case showPokemon(id: Int)
            case confirmRemoval(userID: String)
            case confirmLeave
        }
    }

    @Dependency(FavoritesClient.self) var favoritesClient

    public init() {}

    public func reduce(into state: inout State, action: Action) -> Effect<Action> {
        switch action {
        case .onAppear:
            if state.roster == nil { state.roster = favoritesClient.roster(state.listID) }
            if state.activity == nil { state.activity = favoritesClient.activity(state.listID) }
            return .none

        case let .sortChanged(sort):
            state.sort = sort
            return .none

        case let .rowTapped(id):
            return .send(.delegate(.showPokemon(id: id)))

        case let .inviteTapped(role, options):
            return perform(.invite(role, options), &state)

        case .moreMembersTapped:
            let limit = min(state.memberLimit + ListRoster.shownMembers, ListRoster.maxShownMembers)
            guard limit != state.memberLimit, (state.roster?.wrappedValue.memberCount ?? 0) > state.memberLimit else { return .none }
            state.memberLimit = limit
            state.roster = favoritesClient.rosterPage(state.listID, limit)
            return .none

        case let .inviteCreated(invite):
            state.invite = invite
            return .none

        case .inviteDismissed:
            state.invite = nil
            return .none

        case let .revokeInviteTapped(inviteID):
            return perform(.revokeInvite(id: inviteID), &state)

        case .retryTapped:
            guard let intent = state.failedIntent else { return .none }
            return perform(intent, &state)

        case let .localeChanged(locale):
            state.locale = locale
            return .none

        case let .removeMemberTapped(userID):
            return .send(.delegate(.confirmRemoval(userID: userID)))

        case .leaveTapped:
            return .send(.delegate(.confirmLeave))

        case let .failed(message):
            state.error = message
            return .none

        case let .intentFailed(intent, message):
            state.error = message
            state.failedIntent = intent
            return .none

        case .delegate:
            return .none
        }
    }

    private func perform(_ intent: State.Intent, _ state: inout State) -> Effect<Action> {
        state.error = nil
        state.failedIntent = nil
        let listID = state.listID
        let locale = state.locale
        switch intent {
        case let .invite(role, options):
            return .run { [favoritesClient] send in
                let code = try await favoritesClient.createInvite(listID, role, options)
                await send(.inviteCreated(State.Invite(role: role, code: code)))
            } catch: { error, send in
                await send(.intentFailed(intent, Strings.failure(error, locale)))
            }
        case let .revokeInvite(inviteID):
            return .run { [favoritesClient] _ in
                try await favoritesClient.revokeInvite(listID, inviteID)
            } catch: { error, send in
                await send(.intentFailed(intent, Strings.failure(error, locale)))
            }
        }
    }
}

/// The orders the Favorites view offers: dex number, name (in the session's language), or
/// newest addition first.
public enum FavoritesSort: String, Equatable, Hashable, Sendable, CaseIterable {
    case number
    case name
    case added
}
