import Foundation

/// Where the server reads the time and waits: the continuous clock in the server, a
/// hand-stepped one in tests (token buckets, throttles and grace periods are then checked
/// without sleeping).
struct ServerClock: Sendable {
    let now: @Sendable () -> ContinuousClock.Instant
    /// Returns at `deadline`, or throws `CancellationError` when the task is cancelled first.
    let sleep: @Sendable (_ deadline: ContinuousClock.Instant) async throws -> Void
    /// The wall-clock time, for what is stored with a date (a sign-in code's expiry).
    var date: @Sendable () -> Date = { Date() }

    static let continuous = ServerClock(now: { .now }, sleep: { try await Task.sleep(until: $0, clock: .continuous) })

    func sleep(for duration: Duration) async throws {
        try await sleep(now() + duration)
    }
}
