import Dispatch

/// Runs tasks, and the actors that choose its `isolation`, on one of the server's service
/// threads.
///
/// A task that prefers it is queued in the service thread's mailbox and run when the thread
/// drains it, between lws events. An actor whose executor is its `isolation` (a session's
/// Store) runs only on this thread too, so code already running here may enter that actor in
/// place (`isCurrent`, `assumeIsolated`). Once the service thread has stopped, jobs run in
/// order on a serial queue instead.
///
/// The two roles are two objects because a job runs either isolated to the actor or not: a
/// task's job run as isolated had to queue itself again at its first nonisolated step (the
/// runtime sees a change of isolation), which doubled the jobs of every effect.
public final class ServiceExecutor: TaskExecutor {
    let mailbox: Mailbox<ServerMail>
    /// Where jobs go once the service thread has stopped: still one at a time, so the actors
    /// that chose this thread stay isolated.
    private let afterStop = DispatchQueue(label: "service-executor.after-stop")
    /// The service thread as an actor's serial executor.
    public let isolation: ServiceIsolation

    init(mailbox: Mailbox<ServerMail>) {
        self.mailbox = mailbox
        isolation = ServiceIsolation(mailbox: mailbox, afterStop: afterStop)
    }

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        if !mailbox.push(.job(job, isolated: false)) { runAfterStop(job, isolated: false) }
    }

    /// Runs `work` on the service thread (or, once it has stopped, on the serial queue).
    public func execute(_ work: @escaping @Sendable () -> Void) {
        if !mailbox.push(.call(work)) { afterStop.async(execute: work) }
    }

    /// Whether the caller is on the service thread, where the jobs run between lws callbacks.
    /// (False on the serial queue after the stop: callers then take the queued path.)
    public var isCurrent: Bool { isolation.isCurrent }

    /// Runs a job: isolated to `isolation` when an actor queued it, else as a task preferring
    /// this executor.
    func run(_ job: UnownedJob, isolated: Bool) {
        if isolated {
            isolation.run(job)
        } else {
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }

    /// Hands jobs still queued when the service thread stops to the serial queue.
    func release(_ leftovers: [ServerMail]) {
        for mail in leftovers {
            switch mail {
            case let .job(job, isolated): runAfterStop(job, isolated: isolated)
            case .call(let work): afterStop.async(execute: work)
            default: break
            }
        }
    }

    private func runAfterStop(_ job: UnownedJob, isolated: Bool) {
        afterStop.async { [self] in run(job, isolated: isolated) }
    }
}

/// A service thread as the serial executor of the actors that run there (see
/// `ServiceExecutor`).
public final class ServiceIsolation: SerialExecutor {
    private let mailbox: Mailbox<ServerMail>
    private let afterStop: DispatchQueue

    fileprivate init(mailbox: Mailbox<ServerMail>, afterStop: DispatchQueue) {
        self.mailbox = mailbox
        self.afterStop = afterStop
    }

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        if !mailbox.push(.job(job, isolated: true)) { afterStop.async { [self] in run(job) } }
    }

    /// Checks that the caller runs where this executor runs its jobs (for `assumeIsolated`
    /// outside a job, e.g. in work passed to `execute`).
    public func checkIsolated() {
        if isCurrent { return }
        dispatchPrecondition(condition: .onQueue(afterStop))
    }

    /// The mailbox knows its service thread (set when the context opens it).
    fileprivate var isCurrent: Bool { mailbox.isOnServiceThread }

    fileprivate func run(_ job: UnownedJob) {
        // The task keeps its preferred task executor: its next nonisolated step goes there.
        job.runSynchronously(on: asUnownedSerialExecutor())
    }
}
