import StateSync
import Synchronization
import WireContract

/// The sessions that toggle stars in the `favorites` scenario. Writer `w` of `n` owns the ids
/// with `(id - 1) % n == w` and never toggles an id whose previous write is still fanning out,
/// so the value every member must end up showing is known.
final class StarWriters: Sendable {
    static let dexSize = 151

    private let run: LoadRun
    private let tracker: FanoutTracker
    private let writers: [SimulatedSession]
    private struct Turns {
        var plans: [BrowsePlan]
        /// Per writer, where in its own ids the next write starts looking.
        var cursors: [Int]
        var stopAt = ContinuousClock.now
    }

    private let turns: Mutex<Turns>

    init(run: LoadRun, tracker: FanoutTracker, writers: [SimulatedSession]) {
        self.run = run
        self.tracker = tracker
        self.writers = writers
        turns = Mutex(Turns(
            plans: writers.map { BrowsePlan(seed: run.options.seed &+ UInt64($0.index)) },
            cursors: writers.map { _ in 0 }))
    }

    func start(until stopAt: ContinuousClock.Instant) {
        turns.withLock { $0.stopAt = stopAt }
        for position in writers.indices { schedule(position) }
    }

    private func schedule(_ position: Int) {
        let delay = turns.withLock { $0.plans[position].thinkTime(mean: run.options.thinkTime) }
        run.scheduler.after(delay) { self.write(position) }
    }

    private func write(_ position: Int) {
        let writer = writers[position]
        guard ContinuousClock.now < turns.withLock({ $0.stopAt }), let state = writer.state else { return }
        let pending = tracker.pendingIDs
        let owned = Array(stride(from: position + 1, through: Self.dexSize, by: writers.count))
        let id = turns.withLock { turns -> Int? in
            for offset in owned.indices {
                let slot = (turns.cursors[position] + offset) % owned.count
                if !pending.contains(owned[slot]) {
                    turns.cursors[position] = slot + 1
                    return owned[slot]
                }
            }
            return nil
        }
        if let id {
            let starred = state["favorites"]?[String(id)] == true
            tracker.begin(id: id, expected: !starred)
            if writer.send(ScreenActions.setStar(id, on: !starred, list: ScreenActions.activeList(in: state))) == nil { tracker.cancel(id: id) }
        }
        schedule(position)
    }
}
