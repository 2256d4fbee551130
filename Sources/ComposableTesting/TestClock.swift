import Composable
import Synchronization

/// A clock that only moves when the test says so: `await clock.advance(by: .milliseconds(300))`
/// wakes every sleeper whose deadline has come, and fires every scheduled call whose time has
/// come (`Effect.send(_:after:clock:)`), in deadline order.
public final class TestClock: Clock, SchedulingClock, Sendable {
    public struct Instant: InstantProtocol, Sendable {
        public var offset: Duration
        public func advanced(by duration: Duration) -> Self { Self(offset: offset + duration) }
        public func duration(to other: Self) -> Duration { other.offset - offset }
        public static func < (lhs: Self, rhs: Self) -> Bool { lhs.offset < rhs.offset }
    }

    private struct Sleeper {
        let id: Int
        let deadline: Instant
        let continuation: CheckedContinuation<Void, any Error>
    }

    /// A call `schedule` keeps until `advance` passes its deadline.
    private struct Call {
        let id: Int
        let deadline: Instant
        let fire: @Sendable () -> Void
    }

    private struct State {
        var now = Instant(offset: .zero)
        var nextID = 0
        var sleepers: [Sleeper] = []
        var calls: [Call] = []

        mutating func makeID() -> Int {
            nextID += 1
            return nextID
        }
    }

    private let state = Mutex(State())

    public init() {}

    public var now: Instant { state.withLock { $0.now } }
    public var minimumResolution: Duration { .zero }

    /// How many tasks are sleeping on this clock.
    public var sleeperCount: Int { state.withLock { $0.sleepers.count } }

    /// How many scheduled calls wait for their time on this clock.
    public var scheduledCount: Int { state.withLock { $0.calls.count } }

    /// Kept until `advance` reaches `delay` from now, even a delay already passed (never fired
    /// during this call, as the protocol asks).
    public func schedule(after delay: Duration, _ fire: @escaping @Sendable () -> Void) -> (any ScheduledCall)? {
        let id = state.withLock { state -> Int in
            let id = state.makeID()
            state.calls.append(Call(id: id, deadline: state.now.advanced(by: delay), fire: fire))
            return id
        }
        return Scheduled(clock: self, id: id)
    }

    private struct Scheduled: ScheduledCall {
        let clock: TestClock
        let id: Int
        func cancel() { clock.state.withLock { $0.calls.removeAll { $0.id == id } } }
    }

    public func sleep(until deadline: Instant, tolerance: Duration?) async throws {
        try Task.checkCancellation()
        let id = state.withLock { $0.makeID() }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let resumeNow = state.withLock { state -> Bool in
                    if deadline <= state.now { return true }
                    state.sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            let sleeper = state.withLock { state -> Sleeper? in
                guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else { return nil }
                return state.sleepers.remove(at: index)
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves time forward, resumes the sleepers and fires the calls that are due.
    public func advance(by duration: Duration = .zero) async {
        let due = state.withLock { state -> [(deadline: Instant, id: Int, wake: () -> Void)] in
            state.now = state.now.advanced(by: duration)
            let now = state.now
            let sleepers = state.sleepers.filter { $0.deadline <= now }
            let calls = state.calls.filter { $0.deadline <= now }
            state.sleepers.removeAll { $0.deadline <= now }
            state.calls.removeAll { $0.deadline <= now }
            // Ids follow the order of sleeping and scheduling: the tie-break for a shared deadline.
            return (sleepers.map { sleeper in (sleeper.deadline, sleeper.id, { sleeper.continuation.resume() }) }
                + calls.map { call in (call.deadline, call.id, call.fire) })
                .sorted { ($0.deadline, $0.id) < ($1.deadline, $1.id) }
        }
        for wake in due.map(\.wake) { wake() }
        // Let the woken tasks run up to their next suspension.
        for _ in 0..<20 { await Task.yield() }
    }

    /// Resumes every sleeper, whatever its deadline.
    public func run() async {
        let latest = state.withLock { ($0.sleepers.map(\.deadline) + $0.calls.map(\.deadline)).max() }
        guard let latest else { return }
        await advance(by: now.duration(to: latest))
    }
}
