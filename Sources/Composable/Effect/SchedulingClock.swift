/// A clock that can call back after a delay without a task: what `Effect.send(_:after:clock:)`
/// is scheduled on when its clock is one (the server's: a timer of the service thread's loop;
/// `TestClock`: a call kept until the test advances past it). A clock that is not one, or that
/// answers nil, gets the send as a task that sleeps on it.
public protocol SchedulingClock: Sendable {
    /// Calls `fire` once, `delay` from now, where the caller runs (the Store's executor), never
    /// during this call. nil when it cannot schedule from here; the send then runs as a task.
    func schedule(after delay: Duration, _ fire: @escaping @Sendable () -> Void) -> (any ScheduledCall)?
}

/// A call a `SchedulingClock` scheduled, until it fires.
public protocol ScheduledCall: Sendable {
    /// Makes sure it never fires (from the Store's executor; nothing once it fired).
    func cancel()
}
