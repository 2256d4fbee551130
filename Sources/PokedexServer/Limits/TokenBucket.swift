/// A token bucket: holds at most `burst` tokens, refilled at `rate` a second; each admitted
/// event takes one. A value type of four words, so a check is a few arithmetic operations,
/// with no allocation and no lock of its own (its owner serialises access).
struct TokenBucket: Sendable {
    let rate: Double
    let burst: Double
    private(set) var tokens: Double
    private var refilledAt: ContinuousClock.Instant

    /// Starts full at `now`.
    init(rate: Double, burst: Int, now: ContinuousClock.Instant) {
        self.rate = rate
        self.burst = Double(max(burst, 1))
        tokens = self.burst
        refilledAt = now
    }

    /// Takes a token if there is one at `now`.
    mutating func take(at now: ContinuousClock.Instant) -> Bool {
        refill(at: now)
        guard tokens >= 1 else { return false }
        tokens -= 1
        return true
    }

    /// Whether the bucket has refilled completely by `now` (its owner was quiet long enough).
    mutating func isFull(at now: ContinuousClock.Instant) -> Bool {
        refill(at: now)
        return tokens >= burst
    }

    private mutating func refill(at now: ContinuousClock.Instant) {
        guard now > refilledAt else { return }
        let elapsed = now - refilledAt
        // One split of the 128-bit duration (each `components` divides it).
        let (whole, attoseconds) = elapsed.components
        let seconds = Double(whole) + Double(attoseconds) * 1e-18
        tokens = min(burst, tokens + seconds * rate)
        refilledAt = now
    }
}
