/// Where the limits read the time: the continuous clock in the server, a hand-stepped one in
/// tests (token buckets and windows are then checked without sleeping).
struct LimitClock: Sendable {
    let now: @Sendable () -> ContinuousClock.Instant

    static let continuous = LimitClock { .now }
}
