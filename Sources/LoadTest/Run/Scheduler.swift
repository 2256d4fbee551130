import Dispatch

/// Runs work after a delay on one serial queue: the sessions' think-time timers.
struct Scheduler: Sendable {
    private let queue = DispatchQueue(label: "loadtest.scheduler")

    func after(_ delay: Duration, _ work: @escaping @Sendable () -> Void) {
        let (seconds, attoseconds) = delay.components
        let nanoseconds = max(0, Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000))
        queue.asyncAfter(deadline: .now() + .nanoseconds(nanoseconds), execute: work)
    }
}
