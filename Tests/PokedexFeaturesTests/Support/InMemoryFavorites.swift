import Composable
import ComposableTesting
import FavoritesClient
import PokedexFeatures
import PokedexModels
import Synchronization

/// Ash owns a personal list and can join Misty's "Cerulean" list with the code `join-me`.
final class InMemoryFavorites: Sendable {
    static let ash = User(id: "ash", displayName: "Ash")
    static let misty = User(id: "misty", displayName: "Misty")
    static let personal = FavoritesList(id: "ash-list", name: "Favorites", ownerID: "ash")
    static let cerulean = FavoritesList(id: "cerulean", name: "Cerulean", ownerID: "misty")

    let lists = Shared<[ListSummary]>([ListSummary(list: personal, role: .owner)])
    let favoritesByList: [String: Shared<Set<Int>>] = ["ash-list": Shared([]), "cerulean": Shared([1, 7]), "gym-team": Shared([])]
    let rostersByList: [String: Shared<ListRoster>] = [
        "ash-list": Shared(ListRoster(members: [.init(user: ash, role: .owner, isOnline: true)])),
        "cerulean": Shared(ListRoster(members: [
            .init(user: misty, role: .owner, isOnline: false), .init(user: ash, role: .editor, isOnline: true),
        ])),
    ]
    let activityByList: [String: Shared<ListActivity>] = ["ash-list": Shared(ListActivity()), "cerulean": Shared(ListActivity())]
    /// Ash's stars, oldest first, as the activity log keeps them: undo walks back through them.
    let stars = Mutex<[(id: Int64, listID: String, pokemonID: Int, isFavorite: Bool, undoes: Int64?)]>([])
    let calls = Mutex<[String]>([])
    /// Makes every star's commit and invite fail, as a read-only or full disk would.
    let failWrites = Mutex(false)

    var account: Account {
        Account(me: Self.ash, lists: lists, activeListID: Self.personal.id)
    }

    var client: FavoritesClient {
        var client = FavoritesClient(
            lists: { self.lists },
            favorites: { self.favoritesByList[$0]! },
            roster: { self.rostersByList[$0]! },
            setFavorite: { listID, id, isFavorite in
                if self.failWrites.withLock({ $0 }) { throw TestError.diskFull }
                self.calls.withLock { $0.append("\(isFavorite ? "set" : "unset") \(id) in \(listID)") }
                self.star(listID, id, isFavorite, undoes: nil)
            },
            createInvite: { listID, role, options in
                if self.failWrites.withLock({ $0 }) { throw TestError.diskFull }
                let terms = options == InviteOptions() ? "" : " \(options.expiresInDays)d \(options.maxUses.map(String.init) ?? "any")"
                self.calls.withLock { $0.append("invite \(listID) \(role)\(terms)") }
                return "code-\(role)"
            },
            revokeInvite: { listID, id in self.calls.withLock { $0.append("revoke \(listID) \(id)") } },
            removeMember: { listID, userID in self.calls.withLock { $0.append("remove \(userID) from \(listID)") } },
            leave: { listID in
                self.calls.withLock { $0.append("leave \(listID)") }
                self.lists.withLock { $0.removeAll { $0.id == listID } }
            },
            join: { code in
                guard code == "join-me" else { throw TestError.unknownInvite }
                self.lists.withLock { $0.append(ListSummary(list: Self.cerulean, role: .editor)) }
                return Self.cerulean
            },
            rename: { name in User(id: "ash", displayName: name) },
            activity: { self.activityByList[$0]! },
            undo: { listID in
                self.calls.withLock { $0.append("undo in \(listID)") }
                let undone = self.stars.withLock { stars in
                    stars.last { star in
                        star.listID == listID && star.undoes == nil && !stars.contains { $0.undoes == star.id }
                    }
                }
                guard let undone else { return nil }
                self.star(listID, undone.pokemonID, !undone.isFavorite, undoes: undone.id)
                return UndoneStar(eventID: undone.id, pokemonID: undone.pokemonID, isFavorite: !undone.isFavorite)
            }
        )
        addListManagement(to: &client)
        return client
    }

    /// Named lists and roles: each committed at once, the shared lists showing it as the
    /// hub's refresh would. A new list is always "gym-team".
    private func addListManagement(to client: inout FavoritesClient) {
        client.createList = { name in
            if self.failWrites.withLock({ $0 }) { throw TestError.diskFull }
            let list = FavoritesList(id: "gym-team", name: name, ownerID: "ash")
            self.calls.withLock { $0.append("create \(name)") }
            self.lists.withLock { $0.append(ListSummary(list: list, role: .owner)) }
            return list
        }
        client.renameList = { listID, name in
            self.calls.withLock { $0.append("rename \(listID) \(name)") }
            self.lists.withLock { lists in
                for index in lists.indices where lists[index].id == listID { lists[index].list.name = name }
            }
        }
        client.deleteList = { listID in
            self.calls.withLock { $0.append("delete \(listID)") }
            self.lists.withLock { $0.removeAll { $0.id == listID } }
        }
        client.setRole = { listID, memberID, role in self.calls.withLock { $0.append("role \(memberID) \(role) in \(listID)") } }
        client.transferOwnership = { listID, memberID in self.calls.withLock { $0.append("transfer \(listID) to \(memberID)") } }
        client.rosterPage = { listID, limit in
            self.calls.withLock { $0.append("roster \(listID) \(limit)") }
            return self.bigRoster(limit)
        }
    }

    /// A roster of 120 members listing the first `limit`.
    /// How many members `bigRoster` has: two pages and part of a third.
    static let bigRosterCount = ListRoster.shownMembers * 12 / 5

    func bigRoster(_ limit: Int) -> Shared<ListRoster> {
        let members = (0..<Self.bigRosterCount).map {
            ListRoster.RosterMember(user: User(id: "u\($0)", displayName: "Trainer \($0)"), role: .viewer, isOnline: false)
        }
        return Shared(ListRoster(members: Array(members.prefix(limit)), memberCount: Self.bigRosterCount))
    }

    /// Commits a star at once: the shared value shows it, as the feed would, and it is logged.
    private func star(_ listID: String, _ id: Int, _ isFavorite: Bool, undoes: Int64?) {
        favoritesByList[listID]!.withLock { _ = isFavorite ? $0.insert(id).inserted : $0.remove(id) != nil }
        stars.withLock { $0.append((Int64($0.count + 1), listID, id, isFavorite, undoes)) }
    }

    /// A Store of Ash's session at `route`, on these lists and the fixture Pokémon.
    @MainActor
    func store(route: String = "/") -> TestStore<AppFeature> {
        let favorites = favoritesByList[Self.personal.id]!
        return TestStore(
            initialState: AppFeature.State(route: route, account: account, favorites: favorites),
            reducer: AppFeature()
        ) {
            $0.favoritesClient = self.client
            $0.pokemonClient = Fixtures.client()
        }
    }

    enum TestError: Error, CustomStringConvertible {
        case unknownInvite
        case diskFull
        var description: String {
            switch self {
            case .unknownInvite: "That invite is unknown."
            case .diskFull: "database or disk is full"
            }
        }
    }
}
