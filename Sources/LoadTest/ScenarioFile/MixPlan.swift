import SeededRandom
import StateSync

/// One session's walk through a scenario file's action mix: each step draws a move by weight
/// among those its screen allows, and a think time from the file's distribution.
///
/// Rows are opened or starred only while the list on screen is settled (no unanswered action,
/// not loading, no search answered less than `BrowsePlan.searchSettle` ago), as in the browse
/// walk: the rows could be about to be replaced.
struct MixPlan: Sendable {
    private let weights: [(move: ScreenMove, weight: Double)]
    private let thinkTimes: ThinkTime
    private var rng: SeededGenerator
    private var searchedAt: ContinuousClock.Instant?

    init(file: ScenarioFile, seed: UInt64) {
        weights = ScreenMove.allCases.compactMap { move in file.actions[move].flatMap { $0 > 0 ? (move, $0) : nil } }
        thinkTimes = file.thinkTime
        rng = SeededGenerator(seed: seed)
    }

    mutating func thinkTime() -> Duration {
        thinkTimes.draw(using: &rng)
    }

    /// The next action for a session whose copy is `state`; nil when no weighted move is
    /// possible on this screen (the session waits a think time and looks again).
    mutating func nextAction(for state: JSONValue, awaitingAnswer: Bool, at now: ContinuousClock.Instant = .now) -> JSONValue? {
        let list = state["list"]
        let settled = !awaitingAnswer && list?["status"] != "loading"
            && !(searchedAt.map { now - $0 < BrowsePlan.searchSettle } ?? false)
        let hasDestination = state["destination"].map { !$0.isNull } ?? false
        let possible = weights.filter { move, _ in
            switch move {
            case .scroll: ScreenActions.canScroll(list)
            case .open, .star: settled
            case .dismiss: hasDestination
            case .search: settled && !hasDestination
            case .navigate: true
            }
        }
        let total = possible.reduce(0) { $0 + $1.weight }
        guard total > 0 else { return nil }
        var draw = Double.random(in: 0..<total, using: &rng)
        let move = possible.first { candidate in
            draw -= candidate.weight
            return draw < 0
        }?.move ?? possible[possible.count - 1].move
        switch move {
        case .scroll: return ScreenActions.scroll
        case .open: return ScreenActions.randomRowID(list, using: &rng).map(ScreenActions.open)
        case .star: return ScreenActions.randomRowID(list, using: &rng).map { ScreenActions.star($0, in: state) }
        case .dismiss: return ScreenActions.dismiss
        case .navigate: return ScreenActions.navigateToDetail(using: &rng)
        case .search:
            searchedAt = now
            return ScreenActions.toggleSearch(list)
        }
    }
}
