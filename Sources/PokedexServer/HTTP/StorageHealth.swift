import Foundation
import Synchronization

/// Whether storage answers, as `/healthz` reports it in cluster mode: a thread of its own
/// probes storage every `interval`, and `/healthz` reads the last verdict instead of probing
/// itself. A request's own probe ran on one of Swift's few cooperative threads and could wait
/// there (for a pooled connection, or a connect to a database that is shutting down), so a
/// load balancer learnt of a lost database seconds late. A probe that has not answered within
/// `patience` counts as a failure too.
final class StorageHealth: Sendable {
    private struct State {
        var problem: String? = nil
        var probeStarted: ContinuousClock.Instant? = nil
        var isStopped = false
    }

    private let state = Mutex(State())
    private let probe: @Sendable () throws -> Void
    private let clock: ServerClock
    static let interval: Duration = .milliseconds(200)
    static let patience: Duration = .seconds(2)

    init(clock: ServerClock, probe: @escaping @Sendable () throws -> Void) {
        self.clock = clock
        self.probe = probe
    }

    /// Nil while storage answers, else why not; blocks nothing.
    func problem() -> String? {
        let now = clock.now()
        return state.withLock { state in
            if let started = state.probeStarted, now - started > Self.patience {
                return "no answer for \(now - started)"
            }
            return state.problem
        }
    }

    /// Starts probing on a thread of its own, until `stop`.
    func start() {
        let thread = Thread { [self] in
            while !state.withLock({ $0.isStopped }) {
                state.withLock { $0.probeStarted = clock.now() }
                let problem: String?
                do {
                    try probe()
                    problem = nil
                } catch {
                    problem = "\(error)"
                }
                state.withLock { $0.problem = problem; $0.probeStarted = nil }
                Thread.sleep(forTimeInterval: Self.interval / .seconds(1))
            }
        }
        thread.name = "pokedex.health"
        thread.start()
    }

    func stop() {
        state.withLock { $0.isStopped = true }
    }
}
