import Composable
import Foundation
import WebSocketServer

/// The server's one clock: where it reads the time (monotonic and wall-clock) and waits, and
/// what its Stores' reducers and effects read as their `clock` and `date` dependencies. The
/// continuous clock in the server, a hand-stepped one in tests (token buckets, throttles,
/// grace periods and the feed's gap wait are then checked without sleeping). Nothing else in
/// the server reads the time or sleeps.
struct ServerClock: Sendable {
    let now: @Sendable () -> ContinuousClock.Instant
    /// Returns at `deadline`, or throws `CancellationError` when the task is cancelled first.
    let sleep: @Sendable (_ deadline: ContinuousClock.Instant) async throws -> Void
    /// The wall-clock time, for what is stored with a date (a sign-in code's expiry).
    var date: @Sendable () -> Date = { Date() }
    /// Runs a call at a deadline without a task, where the caller runs (a Store's delayed
    /// send, `SchedulingClock`); nil when it cannot there. A clock without it (tests' hand-stepped
    /// ones) gets those sends as tasks that `sleep`.
    var schedule: (@Sendable (_ deadline: ContinuousClock.Instant, _ fire: @escaping @Sendable () -> Void) -> ScheduledLoopCall?)?

    /// A sleep of a task on a service thread (a Store's effect) is a timer of that thread's
    /// loop, resumed there; elsewhere `Task.sleep` (`ServiceThreads.sleep`). So is a Store's
    /// delayed send there, with no task (elsewhere a task sleeps).
    static let continuous = ServerClock(
        now: { .now }, sleep: { try await ServiceThreads.sleep(until: $0) },
        schedule: { ServiceThreads.schedule(at: $0, $1) })

    func sleep(for duration: Duration) async throws {
        try await sleep(now() + duration)
    }
}

extension ServerClock {
    /// This clock as a Swift `Clock`, for the Stores' `clock` dependency.
    var asClock: Adapter { Adapter(serverClock: self) }

    struct Adapter: Clock, SchedulingClock {
        let serverClock: ServerClock
        var now: ContinuousClock.Instant { serverClock.now() }
        var minimumResolution: Duration { ContinuousClock().minimumResolution }
        func sleep(until deadline: ContinuousClock.Instant, tolerance: Duration?) async throws {
            try await serverClock.sleep(deadline)
        }

        func schedule(after delay: Duration, _ fire: @escaping @Sendable () -> Void) -> (any ScheduledCall)? {
            serverClock.schedule?(serverClock.now() + delay, fire).map(LoopCall.init)
        }
    }

    struct LoopCall: ScheduledCall {
        let call: ScheduledLoopCall
        func cancel() { call.cancel() }
    }
}
