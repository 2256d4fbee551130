import SeededRandom
import StateSync
import WireContract

/// What a browsing user does next, chosen from what is on their screen: scroll to load the next
/// page while there is one, search "pi" and clear it again, open a row's detail and close it.
///
/// The server applies a search after a debounce, so until `searchSettle` after the search was
/// answered, and while the list is loading, the rows on screen are about to be replaced: no row
/// is opened then (it could be gone), nor while an earlier action is unanswered (the copy may be
/// about to change); the user scrolls, or opens a detail by its URL (a back/forward `navigate`),
/// instead.
package struct BrowsePlan: Sendable {
    enum Move: CaseIterable { case scroll, open, search, openAgain, scrollAgain }

    static let searchSettle: Duration = .seconds(1)

    /// How long after a search's answer no row is opened (`searchSettle` unless a walk without
    /// think time, which acts far sooner after an answer, takes less).
    private let searchSettleTime: Duration

    private var rng: SeededGenerator
    private var step = 0
    /// The latest search, and the first answer seen after it was sent (its own: a session's
    /// actions are answered in order).
    private var lastSearch: (sentAt: ContinuousClock.Instant, answeredAt: ContinuousClock.Instant?)?

    package init(seed: UInt64, searchSettle: Duration = BrowsePlan.searchSettle) {
        rng = SeededGenerator(seed: seed)
        searchSettleTime = searchSettle
    }

    /// The next action for a session whose copy is `state`; `lastAnswerAt` is when the session's
    /// latest action was answered.
    package mutating func nextAction(
        for state: JSONValue, awaitingAnswer: Bool = false, lastAnswerAt: ContinuousClock.Instant? = nil,
        at now: ContinuousClock.Instant = .now
    ) -> JSONValue {
        if let destination = state["destination"], !destination.isNull {
            return ScreenActions.dismiss
        }
        let list = state["list"]
        let canScroll = ScreenActions.canScroll(list)
        if let sentAt = lastSearch?.sentAt, lastSearch?.answeredAt == nil, let lastAnswerAt, lastAnswerAt >= sentAt {
            lastSearch?.answeredAt = lastAnswerAt
        }
        // From the search's own answer: counted from the latest answer, with actions coming
        // faster than the settle time it never ended, and sessions only opened and closed details.
        let searchSettling = lastSearch.map { search in search.answeredAt.map { now - $0 < searchSettleTime } ?? true } ?? false
        if awaitingAnswer || searchSettling || list?["status"] == "loading" {
            return canScroll ? ScreenActions.scroll : ScreenActions.navigateToDetail(using: &rng)
        }
        let move = Move.allCases[step % Move.allCases.count]
        step += 1
        switch move {
        case .scroll, .scrollAgain:
            if canScroll { return ScreenActions.scroll }
            return open(list) ?? search(list, at: now)
        case .open, .openAgain:
            return open(list) ?? search(list, at: now)
        case .search:
            return search(list, at: now)
        }
    }

    /// A wait between 0.5 and 1.5 times `mean`.
    mutating func thinkTime(mean: Double) -> Duration {
        .seconds(mean * Double.random(in: 0.5..<1.5, using: &rng))
    }

    private mutating func open(_ list: JSONValue?) -> JSONValue? {
        ScreenActions.randomRowID(list, using: &rng).map(ScreenActions.open)
    }

    private mutating func search(_ list: JSONValue?, at now: ContinuousClock.Instant) -> JSONValue {
        lastSearch = (sentAt: now, answeredAt: nil)
        return ScreenActions.toggleSearch(list)
    }
}
