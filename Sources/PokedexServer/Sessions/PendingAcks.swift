/// The acks a session owes its browser, and when each may go. An action that wrote nothing is
/// acknowledged by the patch of its reduction (or alone). A star is acknowledged by the first
/// patch that shows its list at the star's `seq` or later, so the browser never hears the ack
/// before it sees the star; a star that changed nothing, or whose list the session does not
/// show, is acknowledged at once; one whose list comes to look as it did before (another
/// member's change undid it) goes alone once the list is past it. Other writes are acknowledged by the next patch after their
/// commit, or alone once the write has returned.
struct PendingAcks {
    /// A list's favorites as of a change's `seq`.
    struct ListSeq: Equatable, Sendable {
        let listID: String
        let seq: Int
    }

    /// What a published state showed of the favorites: the active list, and its seq when it
    /// was read (only while a star's ack is owed: reading it takes the feed's locks, and every
    /// member of a list publishes each star).
    struct Shown: Equatable, Sendable {
        let listID: String
        let seq: Int?
    }

    struct Ack: Equatable, Sendable {
        let ref: Int
        let key: String?
        /// What the patch carrying it must show (a star's); nil: any patch.
        let shows: ListSeq?
    }

    private var waiting: [Ack] = []
    /// The favorites the last state published showed.
    private(set) var shown: Shown?

    var isEmpty: Bool { waiting.isEmpty }
    /// How many stars' acks wait for a patch.
    private(set) var starsOwed = 0

    /// Adds `ack`; returns it when it may go alone at once (the state sent already shows its
    /// star, or shows another list).
    mutating func add(_ ack: Ack) -> Ack? {
        if let star = ack.shows, let shown, shown.listID != star.listID || (shown.seq ?? Int.min) >= star.seq { return ack }
        waiting.append(ack)
        if ack.shows != nil { starsOwed += 1 }
        return nil
    }

    /// A state showing `shows` is being published: the acks it may carry, oldest first.
    mutating func ready(for shows: Shown?) -> [Ack] {
        guard !waiting.isEmpty else {
            // Written only when it differs: each member of a fan-out publishes the list it
            // showed before, and storing it again retained its id and released the old one.
            if shown != shows { shown = shows }
            return []
        }
        shown = shows
        var ready: [Ack] = []
        waiting.removeAll { ack in
            guard let star = ack.shows else {
                ready.append(ack)
                return true
            }
            // Kept while the state shows its list at an earlier (or unread) seq.
            if let shows, shows.listID == star.listID, (shows.seq ?? Int.min) < star.seq { return false }
            ready.append(ack)
            starsOwed -= 1
            return true
        }
        return ready
    }

    /// Takes the ack of `ref` if it waits for any patch, or (`evenForAStar`) for a star's.
    mutating func take(_ ref: Int, evenForAStar: Bool = false) -> Ack? {
        guard let index = waiting.firstIndex(where: { $0.ref == ref && (evenForAStar || $0.shows == nil) }) else { return nil }
        let ack = waiting.remove(at: index)
        if ack.shows != nil { starsOwed -= 1 }
        return ack
    }
}
