import Foundation

/// A fixed set of threads running submitted jobs in order of submission, for jobs that block
/// (database round trips): each job holds a thread while it waits, and no more than `count`
/// wait at once. The threads live as long as the process.
final class BlockingThreads: @unchecked Sendable {
    private let condition = NSCondition()
    /// Guarded by `condition`.
    private var jobs: [@Sendable () -> Void] = []
    private var next = 0

    init(count: Int, name: String) {
        for index in 0..<max(1, count) {
            let thread = Thread { [unowned self] in self.work() }
            thread.name = "\(name).\(index)"
            thread.start()
        }
    }

    func submit(_ job: @escaping @Sendable () -> Void) {
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    private func work() {
        while true {
            condition.lock()
            while next == jobs.count { condition.wait() }
            let job = jobs[next]
            next += 1
            // Drop what was taken once the backlog is empty, so the array does not grow forever.
            if next == jobs.count {
                jobs.removeAll(keepingCapacity: true)
                next = 0
            }
            condition.unlock()
            job()
        }
    }
}
