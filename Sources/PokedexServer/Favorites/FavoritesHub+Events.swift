import Foundation
import PokedexModels
import Storage
import WebSocketServer

/// Where committed events go: a star to the feed, membership and list changes to the live
/// values that show them and to what `ListMemberships` remembers, renames and sign-outs to the
/// sessions of their users.
extension FavoritesHub {
    /// A committed change, made here or, through the feed, in another process. Blocking
    /// (reloads): called on the storage queue or the feed's thread.
    func apply(_ event: StorageEvent) {
        switch event {
        case let .favorite(change):
            feed.receive(change)
        case let .memberLeft(listID, userID, removed):
            memberships.left(user: userID, list: listID, removed: removed)
            // The user's sessions see the list gone from their lists and drop it (`Session`).
            live.refreshLists(ofUser: userID)
            live.refreshRoster(listID)
        case let .memberJoined(listID, userID):
            memberJoined(user: userID, list: listID, as: nil)
        case let .invitesChanged(listID):
            live.refreshRoster(listID)
        case .activityChanged:
            break
        case let .userRenamed(userID):
            refreshRosters(ofUsers: [userID], andActivity: true)
            accountEvents.deliver(event)
        case let .presenceChanged(userIDs):
            // Presence shows in rosters only: the activity names people, never whether they are on.
            refreshRosters(ofUsers: userIDs, andActivity: false)
        case let .listRenamed(listID):
            refreshLists(ofMembersOf: listID)
        case let .listDeleted(listID):
            memberships.deleted(listID)
            refreshLists(ofMembersOf: listID)
        case let .roleChanged(listID, userID):
            live.refreshLists(ofUser: userID)
            live.refreshRoster(listID)
        case .signedOut:
            accountEvents.deliver(event)
        }
        if let listID = event.loggedListID { live.refreshActivity(listID) }
    }

    /// A join committed here, applied as `.memberJoined` is, except that the joiner's lists
    /// gain the list as storage returned it, without reading them again (a join is then one
    /// round trip to storage).
    func applyJoin(_ joined: ListSummary, user userID: String) {
        memberJoined(user: userID, list: joined.id, as: joined)
        live.refreshActivity(joined.id)
    }

    /// `summary`: the list with the joiner's role, when known.
    private func memberJoined(user userID: String, list listID: String, as summary: ListSummary?) {
        memberships.joined(user: userID, list: listID)
        live.refreshRoster(listID)
        if let summary, memberships.adding(summary, toUser: userID, show: { live.push($0, to: UserListsKey.keyID(userID)) }) { return }
        live.refreshLists(ofUser: userID)
    }

    /// An event another process committed, from the feed's thread: applied in the order
    /// they came, off that thread (applying may reload from storage).
    func applyFromFeed(_ event: StorageEvent) {
        // Presence only reloads rosters: off the feed's queue, whose stars must not wait for
        // a connect storm's look-ups.
        if case .presenceChanged = event { return storage.async { self.apply(event) } }
        feedQueue.async { self.apply(event) }
    }

    /// The feed lost its connection and got it back: events may have been missed, so every
    /// held list, membership and roster is read again.
    func feedReconnected() {
        feedQueue.async {
            self.feed.reloadAll()
            self.live.refreshAll()
        }
    }

    /// Reads again the lists of every user this process holds who is in the list.
    private func refreshLists(ofMembersOf listID: String) {
        live.refresh(memberships.heldUsers(inList: listID).map(UserListsKey.keyID))
    }

    /// Rosters (and activity, which names them) of every list the users are in (their name or
    /// presence changed). Skipped when no roster is open anywhere: then nobody shows presence,
    /// and every connect and disconnect would look up the users' lists for nothing.
    private func refreshRosters(ofUsers userIDs: [String], andActivity: Bool) {
        guard !userIDs.isEmpty else { return }
        // Nobody shows a roster: the pages read before may show these users as they were.
        guard live.anyRosterOpen else { return live.rosterReads.invalidateAll() }
        for listID in lists(ofMembers: userIDs) {
            live.refreshRoster(listID)
            if andActivity { live.refreshActivity(listID) }
        }
    }

    /// The lists the users are in: those of users held here as this process knows them (a
    /// connect in a join storm would otherwise read storage once per new member), the others'
    /// with one query.
    private func lists(ofMembers userIDs: [String]) -> Set<String> {
        var lists = Set<String>()
        var unknown: [String] = []
        for userID in userIDs {
            if let held = memberships.lists(ofUser: userID) { lists.formUnion(held) } else { unknown.append(userID) }
        }
        guard !unknown.isEmpty else { return lists }
        let repository = self.repository
        let read = reading("lists of members", of: "\(unknown.count) users") { try repository.listIDs(ofMembers: unknown) } ?? []
        return lists.union(read)
    }

    // Presence: rosters reload from storage, in place where the caller may block (a hello's
    // task), on the storage queue from a service thread (a connection that closed).

    func connected(_ userID: String) {
        if presence.connected(userID) { applyOffServiceThreads(.presenceChanged(userIDs: [userID])) }
    }

    func disconnected(_ userID: String) {
        if presence.disconnected(userID) { applyOffServiceThreads(.presenceChanged(userIDs: [userID])) }
    }

    private func applyOffServiceThreads(_ event: StorageEvent) {
        if ServiceThreads.isCurrent { storage.async { self.apply(event) } } else { apply(event) }
    }
}
