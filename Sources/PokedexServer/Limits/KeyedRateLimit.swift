import Storage

/// A rate per key (a client address, a user): `perMinute` a minute with a burst of as many.
/// One process keeps it in memory (`AddressRateLimits`); cluster mode counts it in the shared
/// database (`StoredRateLimits`), so N processes allow it once between them, not N times.
protocol KeyedRateLimit: Sendable {
    /// 0 is off.
    var perMinute: Int { get }
    /// Takes one from the key's allowance; false when it is used up. Throws when the count
    /// could not be read (storage is down): the caller refuses rather than letting it pass.
    func admit(_ key: String) async throws -> Bool
}

extension AddressRateLimits: KeyedRateLimit {}

/// A rate counted in storage by every process of the cluster (`RateLimitStore`, one token
/// bucket per kind and key with the same shape as `AddressRateLimits`'). The take blocks for a
/// round trip, so it runs on the storage queue, never on a service thread; its time is the
/// server clock's wall time, which the processes share.
struct StoredRateLimits: KeyedRateLimit {
    let kind: LimitKind
    let perMinute: Int
    let store: any RateLimitStore
    let storage: StorageQueue
    let clock: ServerClock

    func admit(_ key: String) async throws -> Bool {
        guard perMinute > 0 else { return true }
        let (store, kind, perMinute, clock) = (store, kind.label, perMinute, clock)
        return try await storage.run {
            try store.take(kind: kind, key: key, interval: 60 / Double(perMinute), burst: perMinute, at: clock.date())
        }
    }
}
