import Synchronization

/// Runs a refresh per key at most once per interval: the first call runs at once, calls
/// during the interval fold into one more run at its end. A refresh reloads from the
/// database, so the folded run still shows every change.
///
/// Rosters need this: when thousands of members join or come online within a second, each
/// one would otherwise reload the roster and push it to everyone who has it open. A call may
/// ask for a longer interval than `interval` (a value with many holders costs more to push).
final class RefreshThrottle: Sendable {
    private struct Entry {
        var lastRun: ContinuousClock.Instant
        var trailingScheduled = false
    }

    let interval: Duration
    private let clock: ServerClock
    /// Where a folded run goes once its interval is over: a refresh reads storage, which must
    /// not hold one of Swift's few cooperative threads (the timer's task only waits).
    private let background: @Sendable (@escaping @Sendable () -> Void) -> Void
    private let entries = Mutex<[String: Entry]>([:])

    init(
        interval: Duration, clock: ServerClock = .continuous,
        background: @escaping @Sendable (@escaping @Sendable () -> Void) -> Void = { $0() }
    ) {
        self.interval = interval
        self.clock = clock
        self.background = background
    }

    func run(_ key: String, atLeast longer: Duration = .zero, _ refresh: @escaping @Sendable () -> Void) {
        let now = clock.now()
        let interval = max(self.interval, longer)
        let delay = entries.withLock { entries -> Duration? in
            guard var entry = entries[key], now - entry.lastRun < interval else {
                if entries.count >= Self.pruneThreshold { prune(&entries, at: now, keeping: interval) }
                entries[key] = Entry(lastRun: now)
                return .zero
            }
            if entry.trailingScheduled { return nil }
            entry.trailingScheduled = true
            entries[key] = entry
            return entry.lastRun + interval - now
        }
        guard let delay else { return }
        if delay == .zero { return refresh() }
        Task {
            try? await clock.sleep(for: delay)
            self.entries.withLock { $0[key] = Entry(lastRun: self.clock.now()) }
            self.background(refresh)
        }
    }

    /// Past this many keys, those whose interval is over are dropped before adding another.
    static let pruneThreshold = 1024

    private func prune(_ entries: inout [String: Entry], at now: ContinuousClock.Instant, keeping interval: Duration) {
        entries = entries.filter { $0.value.trailingScheduled || now - $0.value.lastRun < interval }
    }
}
