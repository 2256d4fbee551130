import Synchronization

/// A rate per client address (new users: `--limit-new-users-per-min`): a token bucket per
/// address holding `perMinute` tokens, refilled continuously at `perMinute` a minute, so a
/// burst of `perMinute` is allowed and then one every 60/`perMinute` seconds.
final class AddressRateLimits: Sendable {
    let perMinute: Int
    private let clock: ServerClock
    private let buckets = Mutex<[String: TokenBucket]>([:])
    /// Past this many addresses, those whose bucket has refilled (they would start full
    /// anyway) are forgotten before adding another.
    static let pruneThreshold = 4096

    /// `perMinute` 0 turns the limit off.
    init(perMinute: Int, clock: ServerClock = .continuous) {
        self.perMinute = perMinute
        self.clock = clock
    }

    /// Takes one from the address's allowance; false when it is used up.
    func admit(_ address: String) -> Bool {
        guard perMinute > 0 else { return true }
        let now = clock.now()
        return buckets.withLock { buckets in
            if buckets[address] == nil {
                if buckets.count >= Self.pruneThreshold {
                    buckets = buckets.filter { var bucket = $0.value; return !bucket.isFull(at: now) }
                }
                buckets[address] = TokenBucket(rate: Double(perMinute) / 60, burst: perMinute, now: now)
            }
            return buckets[address]!.take(at: now)
        }
    }

    /// Addresses currently remembered (for tests).
    var trackedAddresses: Int { buckets.withLock { $0.count } }
}
