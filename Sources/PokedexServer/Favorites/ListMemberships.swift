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
    /// The lists of each user whose lists this process holds, by user id.
    private let held = Mutex<[String: Set<String>]>([:])

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
        held.withLock { $0[userID] = Set(lists.map(\.id)) }
    }

    /// The user's lists are no longer held here.
    func forget(user userID: String) {
        held.withLock { _ = $0.removeValue(forKey: userID) }
    }

    /// The lists of a user whose lists are held here (nil: not held).
    func lists(ofUser userID: String) -> Set<String>? {
        held.withLock { $0[userID] }
    }

    /// The held users who are in the list.
    func heldUsers(inList listID: String) -> [String] {
        held.withLock { held in held.compactMap { $0.value.contains(listID) ? $0.key : nil } }
    }
}
