import Foundation
@testable import PokedexServer
import Synchronization

/// A server clock that moves only when told: `advance(by:)` moves it and wakes every sleeper
/// whose deadline has come; `sleepers(_:)` waits until that many tasks sleep on it, so a test
/// advances only once the work it means to release is waiting.
final class ManualClock: Sendable {
    private struct Sleeper {
        let deadline: ContinuousClock.Instant
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var now = ContinuousClock.now
        var sleepers: [Int: Sleeper] = [:]
        var lastID = 0
        var watchers: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
    }

    private let state = Mutex(State())
    /// The wall-clock time at the start; it moves with the clock (`date`).
    private let startDate = Date()
    private let startInstant: ContinuousClock.Instant

    init() {
        startInstant = state.withLock { $0.now }
    }

    /// The wall-clock time: the start's, moved on as far as the clock was advanced.
    var date: Date {
        let elapsed = now - startInstant
        return startDate.addingTimeInterval(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
    }

    var now: ContinuousClock.Instant { state.withLock { $0.now } }

    func advance(by duration: Duration) {
        let due = state.withLock { state -> [CheckedContinuation<Void, any Error>] in
            state.now += duration
            let now = state.now
            let due = state.sleepers.filter { $0.value.deadline <= now }.sorted { $0.value.deadline < $1.value.deadline }
            for (id, _) in due { state.sleepers[id] = nil }
            return due.map(\.value.continuation)
        }
        for continuation in due { continuation.resume() }
    }

    /// Returns once at least `count` tasks sleep on the clock.
    func sleepers(_ count: Int) async {
        await withCheckedContinuation { continuation in
            let ready = state.withLock { state -> Bool in
                if state.sleepers.count >= count { return true }
                state.watchers.append((count, continuation))
                return false
            }
            if ready { continuation.resume() }
        }
    }

    /// Whether a task sleeps until `deadline` or sooner (a timer some change started, among
    /// the others a server keeps).
    func hasSleeper(dueBy deadline: ContinuousClock.Instant) -> Bool {
        state.withLock { $0.sleepers.values.contains { $0.deadline <= deadline } }
    }

    private func sleep(until deadline: ContinuousClock.Instant) async throws {
        let id = state.withLock { state -> Int in
            state.lastID += 1
            return state.lastID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let (resumeNow, watchers) = state.withLock { state -> (Bool, [CheckedContinuation<Void, Never>]) in
                    if deadline <= state.now || Task.isCancelled { return (true, []) }
                    state.sleepers[id] = Sleeper(deadline: deadline, continuation: continuation)
                    let count = state.sleepers.count
                    let woken = state.watchers.filter { $0.count <= count }.map(\.continuation)
                    state.watchers.removeAll { $0.count <= count }
                    return (false, woken)
                }
                for watcher in watchers { watcher.resume() }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            let sleeper = state.withLock { $0.sleepers.removeValue(forKey: id) }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
        try Task.checkCancellation()
    }

    var clock: ServerClock {
        ServerClock(now: { [self] in now }, sleep: { [self] deadline in try await sleep(until: deadline) }, date: { [self] in date })
    }

    /// Reads this clock's time but waits in real time: for the socket suites, which step the
    /// rate limits by hand while the server's throttles wait as they do in production.
    var stepsLimitsOnly: ServerClock {
        ServerClock(now: { [self] in now }, sleep: { [self] deadline in try await Task.sleep(for: deadline - now) })
    }
}
