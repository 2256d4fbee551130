import PokedexFeatures
import PokedexModels
import Synchronization

/// What the process knows of memberships beyond storage: why users lost lists (until their
/// sessions have shown it), which lists were deleted lately, and the lists of each user whose
/// lists it holds (whose lists to read again when a list is renamed or deleted, which storage
/// can no longer say once it is gone). Each map is bounded.
final class ListMemberships: Sendable {
    /// Why users lost lists, keyed by user, then list.
    private let losses = Mutex<[String: [String: ListAccessLoss]]>([:])
    private let deletedLists = Mutex<Set<String>>([])
    /// The lists of each user whose lists this process holds, by user id, as last read.
    private let held = Mutex<[String: [ListSummary]]>([:])

    /// Why the user lost the list (nil: not known here).
    func loss(user userID: String, list listID: String) -> ListAccessLoss? {
        if deletedLists.withLock({ $0.contains(listID) }) { return .deleted }
        return losses.withLock { $0[userID]?[listID] }
    }

    func left(user userID: String, list listID: String, removed: Bool) {
        losses.withLock { losses in
            // Read by every session of the user, so kept; bounded, since a reason unknown
            // reads as a removal, which is what a notice may safely say.
            if losses.count >= 10_000 { losses.removeAll() }
            losses[userID, default: [:]][listID] = removed ? .removed : .left
        }
    }

    func joined(user userID: String, list listID: String) {
        losses.withLock { losses in
            losses[userID]?[listID] = nil
            if losses[userID]?.isEmpty == true { losses[userID] = nil }
        }
    }

    func deleted(_ listID: String) {
        deletedLists.withLock { deleted in
            if deleted.count >= 10_000 { deleted.removeAll() }
            deleted.insert(listID)
        }
    }

    /// Remembers the lists a held user is in.
    func note(_ lists: [ListSummary], ofUser userID: String) {
        held.withLock { $0[userID] = lists }
    }

    /// A held user joined `list` here: their lists with it last (storage lists them by joining
    /// time), handed to `show` under the lock so two joins of one user show in order; false
    /// when the user's lists are not held (nothing to show them to).
    func adding(_ list: ListSummary, toUser userID: String, show: ([ListSummary]) -> Void) -> Bool {
        held.withLock { held in
            guard var lists = held[userID] else { return false }
            if !lists.contains(where: { $0.id == list.id }) { lists.append(list) }
            held[userID] = lists
            show(lists)
            return true
        }
    }

    /// The user's lists are no longer held here.
    func forget(user userID: String) {
        held.withLock { _ = $0.removeValue(forKey: userID) }
    }

    /// The lists of a user whose lists are held here (nil: not held).
    func lists(ofUser userID: String) -> Set<String>? {
        held.withLock { $0[userID].map { Set($0.map(\.id)) } }
    }

    /// The held users who are in the list.
    func heldUsers(inList listID: String) -> [String] {
        held.withLock { held in held.compactMap { entry in entry.value.contains { $0.id == listID } ? entry.key : nil } }
    }
}
