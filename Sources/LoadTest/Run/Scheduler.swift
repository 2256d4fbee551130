import Foundation
import Synchronization

/// The sessions' think-time timers: a wheel of 0.5 ms slots turned by one thread. Work due in
/// the same slot runs together, so the actions it sends reach the client's service thread as one
/// batch (one wake-up of its poll loop) rather than one wake-up per action. The slot is short
/// because a batch is also a burst: with 2 ms slots, 1,000 sessions acting 10 times a second
/// sent ~20 actions at once, a load no set of real browsers makes, and the last of them waited
/// for the others at both ends (in alternating browse runs, p50 was 1.25–2.5 times higher).
final class Scheduler: Sendable {
    static let slot: Duration = .microseconds(500)

    private struct Wheel {
        var slots: [Int: [@Sendable () -> Void]] = [:]
        /// The last slot whose work was taken.
        var turned = 0
        var isStopped = false
    }

    private let origin = ContinuousClock.now
    private let wheel = Mutex(Wheel())

    init() {
        let thread = Thread { [self] in
            Thread.current.name = "lt-scheduler"
            while let due = takeDueWork() {
                for work in due { work() }
                // To the next slot's start, not a whole slot after the work: the work's own time
                // would otherwise stretch every think time (the run fell 2% short of its rate).
                let wait = nextSlotStart() - .now
                if wait > .zero { Thread.sleep(forTimeInterval: wait.seconds) }
            }
        }
        thread.start()
    }

    /// Runs `work` on the scheduler's thread once `delay` has passed (up to one slot later).
    func after(_ delay: Duration, _ work: @escaping @Sendable () -> Void) {
        let slot = slotIndex(ContinuousClock.now + delay, roundingUp: true)
        wheel.withLock { wheel in
            wheel.slots[max(slot, wheel.turned + 1), default: []].append(work)
        }
    }

    /// Drops pending work and ends the thread.
    func stop() {
        wheel.withLock { wheel in
            wheel.isStopped = true
            wheel.slots = [:]
        }
    }

    /// The work of every slot up to now, or nil once stopped.
    private func takeDueWork() -> [@Sendable () -> Void]? {
        let now = slotIndex(.now, roundingUp: false)
        return wheel.withLock { wheel in
            if wheel.isStopped { return nil }
            var due: [@Sendable () -> Void] = []
            if now > wheel.turned {
                for slot in wheel.turned + 1...now {
                    if let work = wheel.slots.removeValue(forKey: slot) { due += work }
                }
                wheel.turned = now
            }
            return due
        }
    }

    private func nextSlotStart() -> ContinuousClock.Instant {
        origin + Self.slot * (slotIndex(.now, roundingUp: false) + 1)
    }

    private func slotIndex(_ instant: ContinuousClock.Instant, roundingUp: Bool) -> Int {
        let slots = (instant - origin).seconds / Self.slot.seconds
        return Int(roundingUp ? slots.rounded(.up) : slots.rounded(.down))
    }
}
