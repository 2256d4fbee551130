/// One connection's action rate: a token bucket (`--limit-actions-per-s` sustained,
/// `--limit-actions-burst` at once). An action over the rate is refused; a connection that
/// keeps sending while refused — `burst` more refusals before its bucket ever refilled
/// completely (it never paused for burst/rate seconds) — is abusive and is to be closed.
struct ActionRateLimiter: Sendable {
    enum Verdict: Equatable {
        case admitted
        /// Over the rate: refuse this one (an `error` frame `rate_limited`).
        case refused
        /// Refused too often in a row: close the connection (1008), once.
        case close
        /// Already closing: drop silently.
        case dropped
    }

    private var bucket: TokenBucket
    private var refusedSinceFull = 0
    private var closing = false

    init(perSecond: Int, burst: Int, now: ContinuousClock.Instant) {
        bucket = TokenBucket(rate: Double(perSecond), burst: burst, now: now)
    }

    /// Refusals without a pause that close the connection.
    var refusalsBeforeClose: Int { Int(bucket.burst) }

    mutating func admit(at now: ContinuousClock.Instant) -> Verdict {
        if closing { return .dropped }
        if bucket.take(at: now) {
            // Only a full refill forgives earlier refusals: a client that keeps the bucket
            // empty by sending just over the rate is still counted.
            if refusedSinceFull > 0, bucket.tokens >= bucket.burst - 1 { refusedSinceFull = 0 }
            return .admitted
        }
        refusedSinceFull += 1
        if refusedSinceFull > refusalsBeforeClose {
            closing = true
            return .close
        }
        return .refused
    }
}
