/// How much one connection, address, user or list may use (`--limit-…` options). Every limit
/// is on by default, each generous for people (a browser sends a few actions a second) and
/// below what a script would need to fill the disk or the memory; 0 turns one off.
public struct Limits: Sendable, Equatable {
    /// Actions (frames) a connection may send per second, sustained…
    public var actionsPerSecond = 30
    /// …and at once.
    public var actionsBurst = 60
    /// Users a client address may create per minute (with a burst of as many).
    public var newUsersPerMinute = 20
    /// Sessions a user may hold at once (connected or kept for resuming).
    public var sessionsPerUser = 100
    /// Members a list may have (the load tests put 10,000 in one).
    public var membersPerList = 20_000
    /// Lists a user may belong to (their own and those joined).
    public var listsPerUser = 100
    /// Open (not revoked) invites a list may have.
    public var invitesPerList = 100
    /// Sign-in codes a user may make per minute (with a burst of as many).
    public var signInCodesPerMinute = 5
    /// Sign-in attempts (a hello with `signIn`) a client address may make per minute: a
    /// code is 8 of 31 characters, so guessing one inside its 10 minutes is out of reach.
    public var signInsPerMinute = 10
    /// Peers whose `X-Forwarded-For` names the client (a reverse proxy such as nginx).
    public var trustedProxies: [String] = []

    public init() {}

    /// Every limit off: for load tests and benchmarks that drive thousands of sessions from
    /// one address.
    public static var unlimited: Limits {
        var limits = Limits()
        limits.actionsPerSecond = 0
        limits.newUsersPerMinute = 0
        limits.sessionsPerUser = 0
        limits.membersPerList = 0
        limits.listsPerUser = 0
        limits.invitesPerList = 0
        limits.signInCodesPerMinute = 0
        limits.signInsPerMinute = 0
        return limits
    }
}
