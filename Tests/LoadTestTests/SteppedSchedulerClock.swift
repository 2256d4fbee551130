import Foundation
@testable import LoadTest

/// A scheduler clock the test moves by hand: `advance(by:)` returns once the scheduler has run
/// everything that became due and sleeps again, so a test needs no real waiting.
final class SteppedSchedulerClock: SchedulerClock, @unchecked Sendable {
    // Every field is read and written under `condition`.
    private let condition = NSCondition()
    private var current = Duration.zero
    private var woken = false
    /// The deadline the scheduler's thread sleeps until; nil while it runs.
    private var sleepingUntil: Duration?

    var now: Duration {
        condition.lock()
        defer { condition.unlock() }
        return current
    }

    func sleep(until deadline: Duration) {
        condition.lock()
        defer { condition.unlock() }
        sleepingUntil = deadline
        condition.broadcast()
        while current < deadline && !woken { condition.wait() }
        woken = false
        sleepingUntil = nil
        condition.broadcast()
    }

    func wake() {
        condition.lock()
        woken = true
        condition.broadcast()
        condition.unlock()
    }

    /// Moves time on and waits until the scheduler sleeps again past it with no wake pending.
    func advance(by step: Duration) {
        condition.lock()
        defer { condition.unlock() }
        current += step
        condition.broadcast()
        while !(sleepingUntil.map { $0 > current } ?? false) || woken { condition.wait() }
    }

    /// Waits until the scheduler's thread sleeps (it has started and taken what was due).
    func waitUntilAsleep() {
        condition.lock()
        defer { condition.unlock() }
        while sleepingUntil == nil || woken { condition.wait() }
    }
}
