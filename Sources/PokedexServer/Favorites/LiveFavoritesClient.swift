import Foundation
import Composable
import FavoritesClient
import PokedexModels
import Storage

extension FavoritesClient {
    /// Favorites through the process's hub: shared values keyed by list, and writes by the
    /// acting user (`ActionContext`) that commit on the storage queue, then push what changed.
    /// One per process; `SessionContext.favoritesClient(for:)` adds a session's `lists`.
    static func live(hub: FavoritesHub) -> FavoritesClient {
        var client = FavoritesClient(
            lists: { fatalError("FavoritesClient.lists is set per session (SessionContext.favoritesClient(for:))") },
            favorites: { listID in Shared(hub.favoritesKey(listID), default: []) },
            roster: { listID in Shared(hub.rosterKey(listID), default: ListRoster()) },
            setFavorite: { listID, pokemonID, isFavorite in
                try await ActionContext.committing { committed in
                    let userID = try ActionContext.actingUserID()
                    return try await hub.setFavorite(
                        list: listID, pokemonID: pokemonID, isFavorite: isFavorite, by: userID, key: ActionContext.current?.key,
                        committed: committed)
                }
            },
            createInvite: { listID, role, options in
                try await ActionContext.committing { committed in
                    let userID = try ActionContext.actingUserID()
                    return try await hub.write(committed: committed) { repository in
                        try hub.quota.checkNewInvite(list: listID, repository)
                        let terms = InviteTerms(lifetime: TimeInterval(options.expiresInDays) * 86_400, maxUses: options.maxUses)
                        return (try repository.createInvite(list: listID, role: role, by: userID, terms: terms), [.invitesChanged(listID: listID)])
                    }
                }
            },
            revokeInvite: { listID, inviteID in
                try await ActionContext.committing { committed in
                    let userID = try ActionContext.actingUserID()
                    return try await hub.write(committed: committed) { repository in
                        try repository.revokeInvite(id: inviteID, list: listID, by: userID)
                        return ((), [.invitesChanged(listID: listID)])
                    }
                }
            },
            removeMember: { listID, memberID in
                try await ActionContext.committing { committed in
                    let userID = try ActionContext.actingUserID()
                    return try await hub.write(committed: committed) { repository in
                        try repository.removeMember(list: listID, user: memberID, by: userID)
                        return ((), [.memberLeft(listID: listID, userID: memberID, removed: true)])
                    }
                }
            },
            leave: { listID in
                try await ActionContext.committing { committed in
                    let userID = try ActionContext.actingUserID()
                    return try await hub.write(committed: committed) { repository in
                        try repository.leave(list: listID, user: userID)
                        return ((), [.memberLeft(listID: listID, userID: userID, removed: false)])
                    }
                }
            },
            join: { code in
                try await ActionContext.committing { committed in
                    try await hub.join(code: code, user: try ActionContext.actingUserID(), committed: committed)
                }
            },
            rename: { name in
                try await ActionContext.committing { committed in
                    let userID = try ActionContext.actingUserID()
                    return try await hub.write(committed: committed) { _ in
                        (try hub.users.rename(userID: userID, to: name), [.userRenamed(userID: userID)])
                    }
                }
            },
            activity: { listID in Shared(hub.activityKey(listID), default: ListActivity()) },
            undo: { listID in
                try await ActionContext.committing { committed in
                    let userID = try ActionContext.actingUserID()
                    return try await hub.write(committed: committed) { repository in
                        guard let undo = try repository.undo(list: listID, by: userID) else { return (nil, []) }
                        return (undo.undone, [undo.change.map(StorageEvent.favorite) ?? .activityChanged(listID: listID)])
                    }
                }
            }
        )
        client.addListManagement(hub: hub)
        return client
    }

    /// Named lists and roles: each a write on the storage queue whose events are applied here
    /// once committed (and announced to other processes by the cluster's store).
    private mutating func addListManagement(hub: FavoritesHub) {
        rosterPage = { listID, limit in
            // Until the longer page is read (off the service thread), the roster on show stays.
            let shown = Shared(hub.rosterKey(listID), default: ListRoster()).wrappedValue
            return Shared(hub.rosterKey(listID, limit: limit), default: shown)
        }
        createList = { name in
            try await ActionContext.committing { committed in
                    let userID = try ActionContext.actingUserID()
                return try await hub.write(committed: committed) { repository in
                    try hub.quota.checkNewList(user: userID, repository)
                    let list = try repository.createList(named: name, by: userID)
                    return (list, [.memberJoined(listID: list.id, userID: userID)])
                }
            }
        }
        renameList = { listID, name in
            try await ActionContext.committing { committed in
                    let userID = try ActionContext.actingUserID()
                return try await hub.write(committed: committed) { repository in
                    _ = try repository.renameList(listID, to: name, by: userID)
                    return ((), [.listRenamed(listID: listID)])
                }
            }
        }
        deleteList = { listID in
            try await ActionContext.committing { committed in
                    let userID = try ActionContext.actingUserID()
                return try await hub.write(committed: committed) { repository in
                    try repository.deleteList(listID, by: userID)
                    return ((), [.listDeleted(listID: listID)])
                }
            }
        }
        setRole = { listID, memberID, role in
            try await ActionContext.committing { committed in
                    let userID = try ActionContext.actingUserID()
                return try await hub.write(committed: committed) { repository in
                    let changed = try repository.setRole(list: listID, member: memberID, role: role, by: userID)
                    return ((), changed ? [.roleChanged(listID: listID, userID: memberID)] : [])
                }
            }
        }
        transferOwnership = { listID, memberID in
            try await ActionContext.committing { committed in
                    let userID = try ActionContext.actingUserID()
                return try await hub.write(committed: committed) { repository in
                    try repository.transferOwnership(list: listID, to: memberID, by: userID)
                    return ((), [.roleChanged(listID: listID, userID: memberID), .roleChanged(listID: listID, userID: userID)])
                }
            }
        }
    }
}
