import Composable
import PokedexFeatures
import PokedexModels
import Synchronization

/// A change of the favorites a session shows, and of nothing else of it, taken to the output
/// without the Store's observer (docs/INTERNALS.md, "A favorites-only change skips the
/// observer"): the common fan-out, one star reaching every member of a list. Remembers what
/// the observer last saw that the shortcut needs to know it would have done only that:
/// which favorites and lists the state holds, the lists' version, the list shown. Used on the
/// Store's executor only (the observer, and the holders' walk there). The Store asks it itself
/// (`SharedChangeTaker`), so it holds what it publishes through: the projection, the output,
/// the recording's slot, and its executor's `FavoritesChangeMemo`.
final class FavoritesOnlyChange: SharedChangeTaker {
    private struct Seen {
        let favorites: Shared<Set<Int>>
        let favoritesID: ObjectIdentifier
        let lists: Shared<[ListSummary]>
        /// The version of the user's lists the observer read them at (`Shared.version`): a
        /// change of them since (its own walk not here yet) may drop the list or change the
        /// lists part, which the observer does.
        let listsVersion: Int
        /// What the observer published the state as showing, no star's ack being owed.
        let shows: PendingAcks.Shown

        /// `takeSharedChange`'s publishing, the lists being as seen. Mutating only to be used
        /// in place: binding a copy retained both boxes, whose counts live in side tables (they
        /// are weakly referenced), one of them every member's.
        mutating func publish(projection: SessionProjection, output: SessionOutput, memo: FavoritesChangeMemo) -> Bool {
            // Compared without the lists' lock or value: a number renewed at each change of them.
            guard lists.version == listsVersion else { return false }
            return output.publishAlone(shows: shows, part: FavoritesChangeMemo.part) {
                let (ids, json) = memo.favorites(of: favorites)
                return projection.projectFavorites(ids, json: json)
            } patch: { old, new in
                memo.patch(from: old, to: new)
            }
        }
    }

    private let seen = Mutex<Seen?>(nil)
    /// The lists' version the observer last noted (0: none yet), whether or not the shortcut
    /// was then safe: while the state's lists are of it, the observer does not read them.
    private let observedListsVersion = Atomic<Int>(0)
    /// Whether the observer stopped before publishing a reduced state (its list was lost):
    /// the next batch then projects the whole state, whatever changed in it.
    private let reducedStateHeldBack = Atomic<Bool>(false)
    /// Whether an action of the browser's waits in the session's inbox or is being reduced
    /// (set under the inbox's lock): its batch's observer call comes next.
    private let busy = Atomic<Bool>(false)
    /// How many changes went by the shortcut (tests tell the paths apart by it).
    private let takenCount = Atomic<Int>(0)
    private let projection: SessionProjection
    private let output: SessionOutput
    private let recordingSlot: RecordingSlot
    private let memo: FavoritesChangeMemo

    init(projection: SessionProjection, output: SessionOutput, recordingSlot: RecordingSlot, memo: FavoritesChangeMemo) {
        self.projection = projection
        self.output = output
        self.recordingSlot = recordingSlot
        self.memo = memo
    }

    var taken: Int { takenCount.load(ordering: .relaxed) }

    /// The observer stopped before publishing a reduced state.
    func heldBackReducedState() {
        reducedStateHeldBack.store(true, ordering: .relaxed)
    }

    /// Whether a reduced state was held back since the last ask; clears it. Read on every
    /// batch: a load, and a write only when one was.
    func takeHeldBackReducedState() -> Bool {
        reducedStateHeldBack.load(ordering: .relaxed) && reducedStateHeldBack.exchange(false, ordering: .relaxed)
    }

    /// The lists' version the observer last noted (`observed`); 0 before its first batch.
    var listsVersionObserved: Int { observedListsVersion.load(ordering: .relaxed) }

    /// The observer published `state`, whose lists it read at `listsVersion` (or stopped
    /// before it, `publishable` false): a later favorites-only change may skip it while the
    /// state shows the favorites in no other part (no Favorites view, whose rows and roster
    /// are built from them).
    func observed(_ state: AppFeature.State, listsVersion: Int, publishable: Bool) {
        observedListsVersion.store(listsVersion, ordering: .relaxed)
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
               seen.lists.referenceID == state.account.lists.referenceID, seen.listsVersion == listsVersion {
                return
            }
            seen = Seen(
                favorites: state.favorites, favoritesID: state.favorites.referenceID, lists: state.account.lists,
                listsVersion: listsVersion, shows: PendingAcks.Shown(listID: state.account.activeListID, seq: nil))
        }
    }

    /// The session's inbox holds an action, or is drained to the end (`pending` false).
    func actionsPending(_ pending: Bool) {
        busy.store(pending, ordering: .releasing)
    }

    /// Takes the change of the shared value `box` when it is the favorites the state shows and
    /// nothing else of the session is pending (no recording, no action of its own queued or
    /// reducing, the lists as the observer saw them, and what `SessionOutput.publishAlone`
    /// asks): publishes the favorites part as the observer would have
    /// (`SessionProjection.projectFavorites`, `SessionOutput.publishAlone`) and returns true.
    /// Otherwise does nothing and returns false: the observer runs.
    func takeSharedChange(of box: ObjectIdentifier) -> Bool {
        // The observer's path while the session records: it is told each state.
        guard recordingSlot.recording == nil, !busy.load(ordering: .acquiring) else { return false }
        let published = seen.withLock { seen -> Bool in
            guard seen?.favoritesID == box else { return false }
            return seen!.publish(projection: projection, output: output, memo: memo)
        }
        if published { takenCount.add(1, ordering: .relaxed) }
        return published
    }
}
