import Glibc

/// The sleeps of tasks running on one service thread, and the calls scheduled there
/// (`schedule`), as one timer of that thread's own loop: the earliest deadline is armed, and a
/// sleeper is resumed (a call is queued) on the thread when it passes. A
/// `Task.sleep` instead armed a timer on dispatch's manager thread, which woke a worker, which
/// posted the resumption to the service thread's mailbox: three thread wake-ups per sleep (a
/// search's debounce), where this costs none.
///
/// Touched only on its thread; another thread's cancellation comes as mail (`post`).
final class LoopSleeps: @unchecked Sendable {
    private struct Deadline {
        let instant: ContinuousClock.Instant
        /// Which sleep; also the order of sleeps that share an instant.
        let id: UInt64

        func isBefore(_ other: Deadline) -> Bool {
            instant < other.instant || (instant == other.instant && id < other.id)
        }
    }

    /// What waits for a deadline: a sleeping task, or a call.
    private enum Waiter {
        case task(CheckedContinuation<Void, any Error>)
        case call(@Sendable () -> Void)
    }

    /// A min-heap of the deadlines; a cancelled sleep's entry stays until it comes to the top.
    private var deadlines: [Deadline] = []
    private var sleepers: [UInt64: Waiter] = [:]
    private var nextID: UInt64 = 0
    /// The instant the timer is armed for, nil when it is not.
    private var armedFor: ContinuousClock.Instant?
    private var isClosed = false
    private var timer: EventLoopTimer!
    private let thread: pthread_t
    /// Runs work on this thread (its mailbox), from any thread.
    private let post: @Sendable (@escaping @Sendable () -> Void) -> Void

    /// On the service thread, once its loop exists.
    init(loop: EventLoop, post: @escaping @Sendable (@escaping @Sendable () -> Void) -> Void) {
        thread = pthread_self()
        self.post = post
        timer = EventLoopTimer(on: loop) { [unowned self] in timerFired() }
    }

    /// Sleeps waiting now (tests).
    var count: Int { sleepers.count }

    private var isOnItsThread: Bool { pthread_equal(pthread_self(), thread) != 0 }

    /// Returns at `deadline`, or throws `CancellationError` when the task is cancelled first (or
    /// the loop closes). Called on this thread; the task resumes through its executor, which
    /// (a task running here) queues it on this thread without a wake-up.
    func sleep(until deadline: ContinuousClock.Instant) async throws {
        nextID &+= 1
        let id = nextID
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                // A task cancelled before it got here already ran its handler, which found nothing.
                if Task.isCancelled || isClosed {
                    continuation.resume(throwing: CancellationError())
                    return
                }
                add(Deadline(instant: deadline, id: id), .task(continuation))
            }
        } onCancel: {
            cancelFromAnywhere(id)
        }
    }

    /// Queues `fire` on this thread (its mailbox, as a resumed sleeper's job) at `deadline`,
    /// unless `cancel` comes first: a delayed send with no task (`ScheduledLoopCall`). Called
    /// on this thread; nil once the loop has closed.
    func schedule(at deadline: ContinuousClock.Instant, _ fire: @escaping @Sendable () -> Void) -> ScheduledLoopCall? {
        if isClosed { return nil }
        nextID &+= 1
        add(Deadline(instant: deadline, id: nextID), .call(fire))
        return ScheduledLoopCall(sleeps: self, id: nextID)
    }

    /// Cancels a sleep or a scheduled call, from any thread.
    func cancelFromAnywhere(_ id: UInt64) {
        if isOnItsThread {
            cancel(id)
        } else {
            post { [self] in cancel(id) }
        }
    }

    private func add(_ deadline: Deadline, _ waiter: Waiter) {
        sleepers[deadline.id] = waiter
        push(deadline)
        if armedFor.map({ deadline.instant < $0 }) ?? true { arm(for: deadline.instant) }
    }

    private func cancel(_ id: UInt64) {
        guard let waiter = sleepers.removeValue(forKey: id) else { return }
        if case let .task(continuation) = waiter { continuation.resume(throwing: CancellationError()) }
        dropCancelledAtTop()
        if deadlines.isEmpty { disarm() }
    }

    private func timerFired() {
        armedFor = nil
        let now = ContinuousClock.now
        while let first = deadlines.first, first.instant <= now {
            popFirst()
            switch sleepers.removeValue(forKey: first.id) {
            case let .task(continuation): continuation.resume()
            case let .call(fire): post(fire)
            case nil: break
            }
        }
        dropCancelledAtTop()
        if let first = deadlines.first { arm(for: first.instant) }
    }

    /// Ends every sleep with `CancellationError`, and drops the calls: the loop they wait on is
    /// going away.
    func close() {
        isClosed = true
        disarm()
        let waiting = sleepers
        sleepers = [:]
        deadlines = []
        for case let .task(continuation) in waiting.values { continuation.resume(throwing: CancellationError()) }
    }

    private func arm(for instant: ContinuousClock.Instant) {
        armedFor = instant
        timer.schedule(after: ContinuousClock.now.duration(to: instant))
    }

    private func disarm() {
        guard armedFor != nil else { return }
        armedFor = nil
        timer.cancel()
    }

    private func dropCancelledAtTop() {
        while let first = deadlines.first, sleepers[first.id] == nil { popFirst() }
    }

    // MARK: The heap

    private func push(_ deadline: Deadline) {
        deadlines.append(deadline)
        var child = deadlines.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard deadlines[child].isBefore(deadlines[parent]) else { break }
            deadlines.swapAt(child, parent)
            child = parent
        }
    }

    private func popFirst() {
        let last = deadlines.removeLast()
        guard !deadlines.isEmpty else { return }
        deadlines[0] = last
        var parent = 0
        while true {
            let left = parent * 2 + 1, right = left + 1
            var first = parent
            if left < deadlines.count && deadlines[left].isBefore(deadlines[first]) { first = left }
            if right < deadlines.count && deadlines[right].isBefore(deadlines[first]) { first = right }
            if first == parent { return }
            deadlines.swapAt(parent, first)
            parent = first
        }
    }
}

/// A call `LoopSleeps.schedule` queues at its deadline, until cancelled.
public struct ScheduledLoopCall: Sendable {
    fileprivate let sleeps: LoopSleeps
    fileprivate let id: UInt64

    /// It never runs, if it has not been queued yet (from any thread).
    public func cancel() {
        sleeps.cancelFromAnywhere(id)
    }
}
