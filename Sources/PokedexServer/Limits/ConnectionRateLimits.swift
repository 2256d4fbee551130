import Synchronization

/// Every open connection's `ActionRateLimiter`, by connection id. Checked for every frame a
/// connection sends, so the check is one uncontended lock, one hash lookup and the bucket's
/// arithmetic, mutated in place: no allocation.
final class ConnectionRateLimits: Sendable {
    let perSecond: Int
    let burst: Int
    private let clock: ServerClock
    private let limiters = Mutex<[UInt64: ActionRateLimiter]>([:])

    /// `perSecond` 0 turns the limit off.
    init(perSecond: Int, burst: Int, clock: ServerClock = .continuous) {
        self.perSecond = perSecond
        self.burst = max(burst, 1)
        self.clock = clock
    }

    var isEnabled: Bool { perSecond > 0 }

    func opened(_ connectionID: UInt64) {
        guard isEnabled else { return }
        let limiter = ActionRateLimiter(perSecond: perSecond, burst: burst, now: clock.now())
        limiters.withLock { $0[connectionID] = limiter }
    }

    func closed(_ connectionID: UInt64) {
        guard isEnabled else { return }
        _ = limiters.withLock { $0.removeValue(forKey: connectionID) }
    }

    /// The verdict on one more frame from the connection.
    func admit(_ connectionID: UInt64) -> ActionRateLimiter.Verdict {
        guard isEnabled else { return .admitted }
        let now = clock.now()
        return limiters.withLock { $0[connectionID]?.admit(at: now) } ?? .admitted
    }
}
