import Synchronization

/// The action rate every connection gets (`--limit-actions-per-s`, `--limit-actions-burst`):
/// makes each new connection its own `ConnectionRateLimit`, which the connection carries
/// (`Connection.admission`). A table of every connection's limiter behind one lock, looked
/// up for each frame, was a line both service threads wrote and a hash per frame.
final class ConnectionRateLimits: Sendable {
    let perSecond: Int
    let burst: Int
    private let clock: ServerClock

    /// `perSecond` 0 turns the limit off.
    init(perSecond: Int, burst: Int, clock: ServerClock = .continuous) {
        self.perSecond = perSecond
        self.burst = max(burst, 1)
        self.clock = clock
    }

    var isEnabled: Bool { perSecond > 0 }

    /// A new connection's limit, its bucket full; nil when the limit is off.
    func limitForNewConnection() -> ConnectionRateLimit? {
        guard isEnabled else { return nil }
        return ConnectionRateLimit(ActionRateLimiter(perSecond: perSecond, burst: burst, now: clock.now()), clock: clock)
    }
}

/// One connection's `ActionRateLimiter` and the clock it reads. Its own lock is uncontended:
/// a connection's frames are read on one service thread.
final class ConnectionRateLimit: Sendable {
    private let limiter: Mutex<ActionRateLimiter>
    private let clock: ServerClock

    init(_ limiter: ActionRateLimiter, clock: ServerClock) {
        self.limiter = Mutex(limiter)
        self.clock = clock
    }

    /// The verdict on one more frame from the connection.
    func admit() -> ActionRateLimiter.Verdict {
        let now = clock.now()
        return limiter.withLock { $0.admit(at: now) }
    }
}
