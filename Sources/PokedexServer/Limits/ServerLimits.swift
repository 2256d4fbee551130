/// The limits the handler enforces as frames and hellos arrive (the favorites quotas live in
/// the hub, `FavoritesQuota`).
struct ServerLimits: Sendable {
    let actions: ConnectionRateLimits
    let newUsers: AddressRateLimits
    /// Sign-in attempts per client address, and sign-in codes per user (the key is theirs).
    let signIns: AddressRateLimits
    let signInCodes: AddressRateLimits
    let sessionsPerUser: Int
    let trustedProxies: Set<String>

    init(_ limits: Limits, clock: ServerClock = .continuous) {
        actions = ConnectionRateLimits(perSecond: limits.actionsPerSecond, burst: limits.actionsBurst, clock: clock)
        newUsers = AddressRateLimits(perMinute: limits.newUsersPerMinute, clock: clock)
        signIns = AddressRateLimits(perMinute: limits.signInsPerMinute, clock: clock)
        signInCodes = AddressRateLimits(perMinute: limits.signInCodesPerMinute, clock: clock)
        sessionsPerUser = limits.sessionsPerUser
        trustedProxies = Set(limits.trustedProxies)
    }
}
