/// Runs tasks on one of the server's service threads.
///
/// A task that prefers it (and every default actor's job in that task) is queued in the
/// service thread's mailbox and run when the thread drains it, between lws events. A session's
/// Store that prefers its connection's executor reduces, projects and queues its frames on the
/// thread that reads and writes its connection: no thread is woken between an action's frame
/// and its patch. Once the service thread has stopped, jobs run on the global pool instead.
public final class ServiceExecutor: TaskExecutor {
    private let mailbox: Mailbox<ServerMail>

    init(mailbox: Mailbox<ServerMail>) {
        self.mailbox = mailbox
    }

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        if !mailbox.push(.job(job)) { globalConcurrentExecutor.enqueue(job) }
    }

    /// Runs a job the mailbox held, on the service thread.
    func run(_ job: UnownedJob) {
        job.runSynchronously(on: asUnownedTaskExecutor())
    }

    /// Hands jobs still queued when the service thread stops to the global pool.
    func release(_ leftovers: [ServerMail]) {
        for case .job(let job) in leftovers { globalConcurrentExecutor.enqueue(job) }
    }
}
