import Foundation
import Composable
import FavoritesClient
import PokedexModels
import Storage

extension FavoritesClient {
    /// A session's favorites through the process's hub: shared values keyed by list, and
    /// writes by the session's user (`writer`) that commit on the storage queue, then push what
    /// changed. `SessionContext.favoritesClient(for:)` builds one per session.
    static func live(hub: FavoritesHub, writer: SessionWriter) -> FavoritesClient {
        let userID = writer.userID
        /// A write of the user's through the hub: `change` runs on the storage queue and returns
        /// its result and the events it committed.
        @Sendable func commit<T: Sendable>(
            _ change: @escaping @Sendable (any ListStore) throws -> (T, [StorageEvent])
        ) async throws -> T {
            try await writer.write { _, committed in try await hub.write(committed: committed, change) }
        }
        var client = FavoritesClient(
            lists: { Shared(hub.listsKey(userID), default: []) },
            favorites: { listID in Shared(hub.favoritesKey(listID), default: []) },
            roster: { listID in Shared(hub.rosterKey(listID), default: ListRoster()) },
            setFavorite: { listID, pokemonID, isFavorite in
                try await writer.write { key, committed in
                    try await hub.setFavorite(
                        list: listID, pokemonID: pokemonID, isFavorite: isFavorite, by: userID, key: key, committed: committed)
                }
            },
            createInvite: { listID, role, options in
                try await commit { lists in
                    try hub.quota.checkNewInvite(list: listID, lists)
                    let terms = InviteTerms(lifetime: TimeInterval(options.expiresInDays) * 86_400, maxUses: options.maxUses)
                    return (try lists.createInvite(list: listID, role: role, by: userID, terms: terms), [.invitesChanged(listID: listID)])
                }
            },
            revokeInvite: { listID, inviteID in
                try await commit { lists in
                    try lists.revokeInvite(id: inviteID, list: listID, by: userID)
                    return ((), [.invitesChanged(listID: listID)])
                }
            },
            removeMember: { listID, memberID in
                try await commit { lists in
                    try lists.removeMember(list: listID, user: memberID, by: userID)
                    return ((), [.memberLeft(listID: listID, userID: memberID, removed: true)])
                }
            },
            leave: { listID in
                try await commit { lists in
                    try lists.leave(list: listID, user: userID)
                    return ((), [.memberLeft(listID: listID, userID: userID, removed: false)])
                }
            },
            join: { code in
                try await writer.write { _, committed in try await hub.join(code: code, user: userID, committed: committed).list }
            },
            rename: { name in
                try await commit { _ in (try hub.users.rename(userID: userID, to: name), [.userRenamed(userID: userID)]) }
            },
            activity: { listID in Shared(hub.activityKey(listID), default: ListActivity()) },
            undo: { listID in
                try await commit { lists in
                    guard let undo = try lists.undo(list: listID, by: userID) else { return (nil, []) }
                    return (undo.undone, [undo.change.map(StorageEvent.favorite) ?? .activityChanged(listID: listID)])
                }
            }
        )
        client.rosterPage = { listID, limit in
            // Until the longer page is read (off the service thread), the roster on show stays.
            let shown = Shared(hub.rosterKey(listID), default: ListRoster()).wrappedValue
            return Shared(hub.rosterKey(listID, limit: limit), default: shown)
        }
        // Named lists and roles: each a write whose events are applied here once committed
        // (and announced to other processes by the cluster's store).
        client.createList = { name in
            try await commit { lists in
                try hub.quota.checkNewList(user: userID, lists)
                let list = try lists.createList(named: name, by: userID)
                return (list, [.memberJoined(listID: list.id, userID: userID)])
            }
        }
        client.renameList = { listID, name in
            try await commit { lists in
                _ = try lists.renameList(listID, to: name, by: userID)
                return ((), [.listRenamed(listID: listID)])
            }
        }
        client.deleteList = { listID in
            try await commit { lists in
                try lists.deleteList(listID, by: userID)
                return ((), [.listDeleted(listID: listID)])
            }
        }
        client.setRole = { listID, memberID, role in
            try await commit { lists in
                let changed = try lists.setRole(list: listID, member: memberID, role: role, by: userID)
                return ((), changed ? [.roleChanged(listID: listID, userID: memberID)] : [])
            }
        }
        client.transferOwnership = { listID, memberID in
            try await commit { lists in
                try lists.transferOwnership(list: listID, to: memberID, by: userID)
                return ((), [.roleChanged(listID: listID, userID: memberID), .roleChanged(listID: listID, userID: userID)])
            }
        }
        return client
    }
}
