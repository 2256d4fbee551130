import Composable
import PokedexFeatures
import PokedexModels
import Synchronization

/// A change of the favorites a session shows, and of nothing else of it, taken to the output
/// without the Store's observer (docs/INTERNALS.md, "A favorites-only change skips the
/// observer"): the common fan-out, one star reaching every member of a list. Remembers what
/// the observer last saw that the shortcut needs to know it would have done only that:
/// which favorites and lists the state holds, the lists' value, the list shown. Used on the
/// Store's executor only (the observer, and the holders' walk there).
final class FavoritesOnlyChange: Sendable {
    private struct Seen {
        let favorites: Shared<Set<Int>>
        let favoritesID: ObjectIdentifier
        let lists: Shared<[ListSummary]>
        /// The user's lists as the observer saw them: a change of them since (its own walk not
        /// here yet) may drop the list or change the lists part, which the observer does.
        let listsSeen: [ListSummary]
        /// What the observer published the state as showing, no star's ack being owed.
        let shows: PendingAcks.Shown

        /// `take`'s publishing, the lists being as seen. Mutating only to be used in place:
        /// binding a copy retained both boxes, whose counts live in side tables (they are
        /// weakly referenced), one of them every member's.
        mutating func publish(projection: SessionProjection, output: SessionOutput) -> Bool {
            guard FavoritesOnlyChange.isSameStorage(listsSeen, lists.wrappedValue) else { return false }
            return output.publishAlone(shows: shows) { projection.projectFavorites(favorites.wrappedValue) }
        }
    }

    private let seen = Mutex<Seen?>(nil)
    /// Whether an action of the browser's waits in the session's inbox or is being reduced
    /// (set under the inbox's lock): its batch's observer call comes next.
    private let busy = Atomic<Bool>(false)
    /// How many changes went by the shortcut (tests tell the paths apart by it).
    private let takenCount = Atomic<Int>(0)

    var taken: Int { takenCount.load(ordering: .relaxed) }

    /// The observer published `state`, whose lists it read as `lists` (or stopped before it,
    /// `publishable` false): a later favorites-only change may skip it while the state shows
    /// the favorites in no other part (no Favorites view, whose rows and roster are built
    /// from them).
    func observed(_ state: AppFeature.State, lists: [ListSummary], publishable: Bool) {
        let isShortcutSafe: Bool
        if case .favorites = state.destination { isShortcutSafe = false } else { isShortcutSafe = publishable }
        seen.withLock { seen in
            guard isShortcutSafe else {
                seen = nil
                return
            }
            // Renewed only when something in it changed: a fan-out's member observes the same
            // references after every change it is told the long way.
            if let seen, seen.favoritesID == state.favorites.referenceID, seen.shows.listID == state.account.activeListID,
               seen.lists.referenceID == state.account.lists.referenceID, Self.isSameStorage(seen.listsSeen, lists) {
                return
            }
            seen = Seen(
                favorites: state.favorites, favoritesID: state.favorites.referenceID, lists: state.account.lists,
                listsSeen: lists, shows: PendingAcks.Shown(listID: state.account.activeListID, seq: nil))
        }
    }

    /// The session's inbox holds an action, or is drained to the end (`pending` false).
    func actionsPending(_ pending: Bool) {
        busy.store(pending, ordering: .releasing)
    }

    /// Takes the change of the shared value `box` when it is the favorites the state shows and
    /// nothing else of the session is pending (no action of its own queued or reducing, the
    /// lists as the observer saw them, and what `SessionOutput.publishAlone` asks): publishes
    /// the favorites part as the observer would have (`SessionProjection.projectFavorites`,
    /// `SessionOutput.publishAlone`) and returns true. Otherwise does nothing and returns
    /// false: the observer runs.
    func take(_ box: ObjectIdentifier, projection: SessionProjection, output: SessionOutput) -> Bool {
        guard !busy.load(ordering: .acquiring) else { return false }
        let published = seen.withLock { seen -> Bool in
            guard seen?.favoritesID == box else { return false }
            return seen!.publish(projection: projection, output: output)
        }
        if published { takenCount.add(1, ordering: .relaxed) }
        return published
    }

    /// Whether both are the same array buffer, or both empty (so equal without a look inside).
    fileprivate static func isSameStorage(_ one: [ListSummary], _ other: [ListSummary]) -> Bool {
        guard one.count == other.count else { return false }
        return one.withUnsafeBufferPointer { mine in other.withUnsafeBufferPointer { mine.baseAddress == $0.baseAddress } }
    }
}
