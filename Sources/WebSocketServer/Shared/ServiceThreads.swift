import Foundation

/// Whether the calling thread is one of this process's service threads (an lws loop, client or
/// server), where nothing may block: code that would block (a database read) checks it and
/// defers the work to a thread of its own.
///
/// Kept in a key of our own rather than in Foundation's `Thread.current`: a service thread once
/// read there as a dispatch worker (its name "r-initiated-qos"), and the check runs on hot
/// paths, where a pthread key is one load.
public enum ServiceThreads {
    private final class Mark {
        let name: String
        /// The thread's loop timers for sleeps (a server's service thread, once its loop exists).
        var sleeps: LoopSleeps?
        init(name: String) { self.name = name }
    }

    /// Holds the service thread's `Mark`, released when the thread ends.
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        let created = pthread_key_create(&key) { mark in mark.map { Unmanaged<AnyObject>.fromOpaque($0).release() } }
        precondition(created == 0, "pthread_key_create failed: \(created)")
        return key
    }()

    public static var isCurrent: Bool {
        pthread_getspecific(key) != nil
    }

    /// The calling service thread's name (as `top` and `perf` show it); nil off them.
    public static var currentName: String? {
        pthread_getspecific(key).map { Unmanaged<Mark>.fromOpaque($0).takeUnretainedValue().name }
    }

    private static var currentMark: Mark? {
        pthread_getspecific(key).map { Unmanaged<Mark>.fromOpaque($0).takeUnretainedValue() }
    }

    /// Returns at `deadline`, or throws `CancellationError` when the task is cancelled first.
    /// A task running on a server's service thread sleeps on a timer of that thread's loop and
    /// resumes there, waking no other thread (`LoopSleeps`); elsewhere, this is `Task.sleep`.
    public static func sleep(until deadline: ContinuousClock.Instant) async throws {
        if let sleeps = currentMark?.sleeps {
            try await sleeps.sleep(until: deadline)
        } else {
            try await Task.sleep(until: deadline, clock: .continuous)
        }
    }

    /// Runs `fire` on the calling service thread (a mail of its own) at `deadline`, unless
    /// cancelled first: a delayed call with no task, on a timer of the thread's loop
    /// (`LoopSleeps`). nil off a server's service thread: the caller then sleeps in a task.
    public static func schedule(at deadline: ContinuousClock.Instant, _ fire: @escaping @Sendable () -> Void) -> ScheduledLoopCall? {
        currentMark?.sleeps?.schedule(at: deadline, fire)
    }

    /// Sleeps waiting on the calling service thread's loop (tests); nil off them.
    static var pendingSleeps: Int? { currentMark?.sleeps?.count }

    /// Makes `sleep` on the calling service thread use `sleeps` (nil: `Task.sleep` again).
    static func useSleeps(_ sleeps: LoopSleeps?) {
        currentMark?.sleeps = sleeps
    }

    static func markCurrent(name: String) {
        pthread_setspecific(key, Unmanaged.passRetained(Mark(name: name)).toOpaque())
    }
}
