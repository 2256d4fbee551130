import Composable
import FavoritesClient
import PokedexModels
import Storage

extension FavoritesClient {
    /// The favorites of `user`, through the process's hub: shared values keyed by list and
    /// user, and operations that commit, then push the changed rosters and memberships.
    static func live(hub: FavoritesHub, user: User) -> FavoritesClient {
        FavoritesClient(
            lists: { Shared(hub.listsKey(user.id), default: []) },
            favorites: { listID in Shared(hub.favoritesKey(listID), default: []) },
            roster: { listID in Shared(hub.rosterKey(listID), default: ListRoster()) },
            createInvite: { listID, role in
                try ActionContext.reporting {
                try hub.quota.checkNewInvite(list: listID, hub.repository)
                let code = try hub.repository.createInvite(list: listID, role: role, by: user.id)
                hub.refreshRoster(listID)
                return code
                }
            },
            revokeInvite: { listID, inviteID in
                try ActionContext.reporting {
                try hub.repository.revokeInvite(id: inviteID, list: listID, by: user.id)
                hub.refreshRoster(listID)
                }
            },
            removeMember: { listID, memberID in
                try ActionContext.reporting {
                try hub.repository.removeMember(list: listID, user: memberID, by: user.id)
                hub.refreshRoster(listID)
                hub.refreshLists(ofUser: memberID)
                }
            },
            leave: { listID in
                try ActionContext.reporting {
                try hub.repository.leave(list: listID, user: user.id)
                hub.refreshRoster(listID)
                hub.refreshLists(ofUser: user.id)
                }
            },
            join: { code in
                try ActionContext.reporting {
                try hub.quota.checkJoin(code: code, user: user.id, hub.repository)
                let list = try hub.repository.acceptInvite(code: code, user: user.id)
                hub.refreshRoster(list.id)
                hub.refreshLists(ofUser: user.id)
                return list
                }
            },
            rename: { name in
                try ActionContext.reporting {
                let renamed = try hub.users.rename(userID: user.id, to: name)
                hub.refreshRosters(ofUser: user.id)
                return renamed
                }
            }
        )
    }
}
