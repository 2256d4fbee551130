/// The limits the handler enforces as frames and hellos arrive (the favorites quotas live in
/// the hub, `FavoritesQuota`).
struct ServerLimits: Sendable {
    let actions: ConnectionRateLimits
    let newUsers: AddressRateLimits
    let sessionsPerUser: Int
    let trustedProxies: Set<String>

    init(_ limits: Limits, clock: ServerClock = .continuous) {
        actions = ConnectionRateLimits(perSecond: limits.actionsPerSecond, burst: limits.actionsBurst, clock: clock)
        newUsers = AddressRateLimits(perMinute: limits.newUsersPerMinute, clock: clock)
        sessionsPerUser = limits.sessionsPerUser
        trustedProxies = Set(limits.trustedProxies)
    }
}
