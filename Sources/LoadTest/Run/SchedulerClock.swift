import Dispatch

/// The time a `Scheduler` reads and sleeps on: the continuous clock in a run, a clock the test
/// steps by hand in tests.
protocol SchedulerClock: AnyObject, Sendable {
    /// Time since an origin of the clock's choosing.
    var now: Duration { get }
    /// Blocks the scheduler's thread until `deadline`, or until `wake()` (also one that came
    /// before the call and was not yet answered).
    func sleep(until deadline: Duration)
    func wake()
}

/// The continuous clock, and a semaphore to cut a sleep short.
final class LiveSchedulerClock: SchedulerClock {
    private let origin = ContinuousClock.now
    private let wakeUp = DispatchSemaphore(value: 0)

    var now: Duration { .now - origin }

    func sleep(until deadline: Duration) {
        let wait = deadline - now
        if wait > .zero { _ = wakeUp.wait(timeout: .now() + .nanoseconds(Int(wait.seconds * 1e9))) }
    }

    func wake() { wakeUp.signal() }
}
