import Dispatch

/// Where the server's blocking storage calls run: never on a service thread, whose loop
/// serves every connection on it. An effect awaits `run`, and resumes on its Store's
/// executor once the call has returned.
///
/// With SQLite a call is a few microseconds of local work, and Dispatch's concurrent queue
/// serves it. PostgreSQL calls block for round trips and commits, and on Linux Dispatch runs
/// only about twice as many blocked workers as there are cores, so a few stars waiting for
/// their commit held up every other call. Cluster mode gives the queue threads of its own
/// (`BlockingThreads`): enough callers wait at once for their stars to share a commit.
struct StorageQueue: Sendable {
    private let queue: DispatchQueue?
    private let threads: BlockingThreads?

    /// Dispatch's concurrent queue (`threads: nil`), or `threads` threads of the queue's own.
    init(threads count: Int? = nil) {
        if let count {
            queue = nil
            threads = BlockingThreads(count: count, name: "pokedex.storage")
        } else {
            queue = DispatchQueue(label: "pokedex.storage", qos: .userInitiated, attributes: .concurrent)
            threads = nil
        }
    }

    /// Runs `body` there without waiting for it.
    func async(_ body: @escaping @Sendable () -> Void) {
        if let threads { threads.submit(body) } else { queue!.async(execute: body) }
    }

    func run<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            let job: @Sendable () -> Void = { continuation.resume(with: Result { try body() }) }
            if let threads { threads.submit(job) } else { queue!.async(execute: job) }
        }
    }

    /// `run` for a body that cannot fail.
    func result<T: Sendable>(of body: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            async { continuation.resume(returning: body()) }
        }
    }
}
