import PokedexModels
import Synchronization

/// The lists a session's user was last seen in, so that a list the user lost (removed by
/// its owner, left in another tab or process) is noticed as soon as the user's shared lists
/// change, before anything more of that list is sent.
final class MembershipWatch: Sendable {
    private let last: Mutex<[ListSummary]>

    init(_ lists: [ListSummary]) { last = Mutex(lists) }

    /// The lists that were there last time and are not in `lists`; remembers `lists`.
    func lost(in lists: [ListSummary]) -> [ListSummary] {
        last.withLock { last in
            // Every shared change asks; nearly always the user's lists did not change at all.
            if Self.isSameStorage(last, lists) { return [] }
            // The common case otherwise: the same lists (kept, with their current names, for
            // the notice of a later loss).
            if last.count == lists.count, zip(last, lists).allSatisfy({ $0.id == $1.id }) {
                last = lists
                return []
            }
            let lost = last.filter { old in !lists.contains { $0.id == old.id } }
            last = lists
            return lost
        }
    }

    /// Whether both are the same array buffer, or both empty (so equal without a look inside).
    private static func isSameStorage(_ one: [ListSummary], _ other: [ListSummary]) -> Bool {
        guard one.count == other.count else { return false }
        return one.withUnsafeBufferPointer { mine in other.withUnsafeBufferPointer { mine.baseAddress == $0.baseAddress } }
    }
}
