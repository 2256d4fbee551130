import Storage

/// The limits the handler enforces as frames and hellos arrive (the favorites quotas live in
/// the hub, `FavoritesQuota`).
struct ServerLimits: Sendable {
    let actions: ConnectionRateLimits
    /// New users per client address; sign-in attempts per client address, and sign-in codes
    /// per user (the key is theirs). With a `RateLimitStore` (cluster mode) every process
    /// counts them together; otherwise in this process's memory.
    let newUsers: any KeyedRateLimit
    let signIns: any KeyedRateLimit
    let signInCodes: any KeyedRateLimit
    let sessionsPerUser: Int
    let trustedProxies: Set<String>

    init(_ limits: Limits, clock: ServerClock = .continuous, shared: (any RateLimitStore)? = nil, storage: StorageQueue = StorageQueue()) {
        actions = ConnectionRateLimits(perSecond: limits.actionsPerSecond, burst: limits.actionsBurst, clock: clock)
        func rate(_ kind: LimitKind, _ perMinute: Int) -> any KeyedRateLimit {
            guard let shared else { return AddressRateLimits(perMinute: perMinute, clock: clock) }
            return StoredRateLimits(kind: kind, perMinute: perMinute, store: shared, storage: storage, clock: clock)
        }
        newUsers = rate(.newUsers, limits.newUsersPerMinute)
        signIns = rate(.signIns, limits.signInsPerMinute)
        signInCodes = rate(.signInCodes, limits.signInCodesPerMinute)
        sessionsPerUser = limits.sessionsPerUser
        trustedProxies = Set(limits.trustedProxies)
    }
}
