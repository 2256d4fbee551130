import Dispatch
import Glibc
import Synchronization

/// Runs tasks, and the actors that choose it, on one of the server's service threads.
///
/// A task that prefers it (and every default actor's job in that task) is queued in the
/// service thread's mailbox and run when the thread drains it, between lws events. It is also a
/// serial executor: an actor whose executor it is (a session's Store) runs only on this thread,
/// so a task already running here enters that actor without queueing a second job. Once the
/// service thread has stopped, jobs run in order on a serial queue instead.
public final class ServiceExecutor: TaskExecutor, SerialExecutor {
    private let mailbox: Mailbox<ServerMail>
    /// Where jobs go once the service thread has stopped: still one at a time, so the actors
    /// that chose this executor stay isolated.
    private let afterStop = DispatchQueue(label: "service-executor.after-stop")
    /// The service thread (`pthread_t`), set when its loop starts; 0 before.
    private let thread = Atomic<UInt>(0)

    init(mailbox: Mailbox<ServerMail>) {
        self.mailbox = mailbox
    }

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        if !mailbox.push(.job(job)) { runAfterStop(job) }
    }

    /// Runs `work` on the service thread (or, once it has stopped, on the serial queue).
    public func execute(_ work: @escaping @Sendable () -> Void) {
        if !mailbox.push(.call(work)) { afterStop.async(execute: work) }
    }

    /// Called on the service thread when its loop starts.
    func runsOnCurrentThread() {
        thread.store(UInt(pthread_self()), ordering: .releasing)
    }

    /// Checks that the caller runs where this executor runs its jobs (for `assumeIsolated`
    /// outside a job, e.g. in work passed to `execute`).
    public func checkIsolated() {
        if pthread_equal(pthread_self(), pthread_t(thread.load(ordering: .acquiring))) != 0 { return }
        dispatchPrecondition(condition: .onQueue(afterStop))
    }

    /// Runs a job, isolated to this executor: on the service thread, or on the serial queue
    /// once the thread has stopped.
    func run(_ job: UnownedJob) {
        job.runSynchronously(isolatedTo: asUnownedSerialExecutor(), taskExecutor: asUnownedTaskExecutor())
    }

    /// Hands jobs still queued when the service thread stops to the serial queue.
    func release(_ leftovers: [ServerMail]) {
        for mail in leftovers {
            switch mail {
            case .job(let job): runAfterStop(job)
            case .call(let work): afterStop.async(execute: work)
            default: break
            }
        }
    }

    private func runAfterStop(_ job: UnownedJob) {
        afterStop.async { [self] in run(job) }
    }
}
