import Foundation
import Composable
import FavoritesClient
import PokedexModels
import Storage

extension FavoritesClient {
    /// The favorites of `user`, through the process's hub: shared values keyed by list and
    /// user, and writes that commit on the storage queue, then push what changed.
    static func live(hub: FavoritesHub, user: User) -> FavoritesClient {
        var client = FavoritesClient(
            lists: { Shared(hub.listsKey(user.id), default: []) },
            favorites: { listID in Shared(hub.favoritesKey(listID), default: []) },
            roster: { listID in Shared(hub.rosterKey(listID), default: ListRoster()) },
            setFavorite: { listID, pokemonID, isFavorite in
                try await ActionContext.committing { committed in
                    try await hub.setFavorite(
                        list: listID, pokemonID: pokemonID, isFavorite: isFavorite, by: user.id, key: ActionContext.current?.key,
                        committed: committed)
                }
            },
            createInvite: { listID, role, options in
                try await ActionContext.committing { committed in
                    try await hub.write(committed: committed) { repository in
                        try hub.quota.checkNewInvite(list: listID, repository)
                        let terms = InviteTerms(lifetime: TimeInterval(options.expiresInDays) * 86_400, maxUses: options.maxUses)
                        return (try repository.createInvite(list: listID, role: role, by: user.id, terms: terms), [.invitesChanged(listID: listID)])
                    }
                }
            },
            revokeInvite: { listID, inviteID in
                try await ActionContext.committing { committed in
                    try await hub.write(committed: committed) { repository in
                        try repository.revokeInvite(id: inviteID, list: listID, by: user.id)
                        return ((), [.invitesChanged(listID: listID)])
                    }
                }
            },
            removeMember: { listID, memberID in
                try await ActionContext.committing { committed in
                    try await hub.write(committed: committed) { repository in
                        try repository.removeMember(list: listID, user: memberID, by: user.id)
                        return ((), [.memberLeft(listID: listID, userID: memberID, removed: true)])
                    }
                }
            },
            leave: { listID in
                try await ActionContext.committing { committed in
                    try await hub.write(committed: committed) { repository in
                        try repository.leave(list: listID, user: user.id)
                        return ((), [.memberLeft(listID: listID, userID: user.id, removed: false)])
                    }
                }
            },
            join: { code in
                try await ActionContext.committing { committed in
                    try await hub.write(committed: committed) { repository in
                        try hub.quota.checkJoin(code: code, user: user.id, repository)
                        let list = try repository.acceptInvite(code: code, user: user.id)
                        return (list, [.memberJoined(listID: list.id, userID: user.id)])
                    }
                }
            },
            rename: { name in
                try await ActionContext.committing { committed in
                    try await hub.write(committed: committed) { _ in
                        (try hub.users.rename(userID: user.id, to: name), [.userRenamed(userID: user.id)])
                    }
                }
            },
            activity: { listID in Shared(hub.activityKey(listID), default: ListActivity()) },
            undo: { listID in
                try await ActionContext.committing { committed in
                    try await hub.write(committed: committed) { repository in
                        guard let undo = try repository.undo(list: listID, by: user.id) else { return (nil, []) }
                        return (undo.undone, [undo.change.map(StorageEvent.favorite) ?? .activityChanged(listID: listID)])
                    }
                }
            }
        )
        client.addListManagement(hub: hub, user: user)
        return client
    }

    /// Named lists and roles: each a write on the storage queue whose events are applied here
    /// once committed (and announced to other processes by the cluster's store).
    private mutating func addListManagement(hub: FavoritesHub, user: User) {
        rosterPage = { listID, limit in
            // Until the longer page is read (off the service thread), the roster on show stays.
            let shown = Shared(hub.rosterKey(listID), default: ListRoster()).wrappedValue
            return Shared(hub.rosterKey(listID, limit: limit), default: shown)
        }
        createList = { name in
            try await ActionContext.committing { committed in
                try await hub.write(committed: committed) { repository in
                    try hub.quota.checkNewList(user: user.id, repository)
                    let list = try repository.createList(named: name, by: user.id)
                    return (list, [.memberJoined(listID: list.id, userID: user.id)])
                }
            }
        }
        renameList = { listID, name in
            try await ActionContext.committing { committed in
                try await hub.write(committed: committed) { repository in
                    _ = try repository.renameList(listID, to: name, by: user.id)
                    return ((), [.listRenamed(listID: listID)])
                }
            }
        }
        deleteList = { listID in
            try await ActionContext.committing { committed in
                try await hub.write(committed: committed) { repository in
                    try repository.deleteList(listID, by: user.id)
                    return ((), [.listDeleted(listID: listID)])
                }
            }
        }
        setRole = { listID, memberID, role in
            try await ActionContext.committing { committed in
                try await hub.write(committed: committed) { repository in
                    let changed = try repository.setRole(list: listID, member: memberID, role: role, by: user.id)
                    return ((), changed ? [.roleChanged(listID: listID, userID: memberID)] : [])
                }
            }
        }
        transferOwnership = { listID, memberID in
            try await ActionContext.committing { committed in
                try await hub.write(committed: committed) { repository in
                    try repository.transferOwnership(list: listID, to: memberID, by: user.id)
                    return ((), [.roleChanged(listID: listID, userID: memberID), .roleChanged(listID: listID, userID: user.id)])
                }
            }
        }
    }
}
