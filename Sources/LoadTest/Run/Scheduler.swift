import Dispatch
import Foundation
import Synchronization

/// The sessions' think-time timers: a wheel of short slots (`slot`) turned by one thread. Work due in
/// the same slot runs together, so the actions it sends reach the client's service thread as one
/// batch (one wake-up of its poll loop) rather than one wake-up per action. The slot is short
/// because a batch is also a burst: longer slots sent dozens of actions at once, a load no set
/// of real browsers makes, and the last of them waited for the others at both ends
/// (docs/PERFORMANCE.md has the runs).
///
/// The thread sleeps until the first slot that holds work, not slot by slot: with a few writers
/// acting every few seconds (the favorites scenario), waking every slot cost the tester more CPU
/// than the fan-out it measured.
final class Scheduler: Sendable {
    static let slot: Duration = .microseconds(500)

    private struct Wheel {
        var slots: [Int: [@Sendable () -> Void]] = [:]
        /// The indices of the slots that hold work, earliest first.
        var occupied = MinHeap<Int>()
        /// The slot the thread sleeps until (nil while it runs work).
        var sleepsUntil: Int?
        var isStopped = false
    }

    private let clock: any SchedulerClock
    private let wheel = Mutex(Wheel())

    /// `clock`: woken when work lands in a slot before the one the thread sleeps until.
    init(clock: any SchedulerClock = LiveSchedulerClock()) {
        self.clock = clock
        let thread = Thread { [self] in
            Thread.current.name = "lt-scheduler"
            while let due = takeDueWork() {
                for work in due { work() }
                // To the start of the next slot with work, not a whole slot after the work: the
                // work's own time would otherwise stretch every think time, and the run would
                // fall short of its rate.
                guard let wakeSlot = plannedWakeSlot() else { break }
                clock.sleep(until: Self.slot * wakeSlot)
            }
        }
        thread.start()
    }

    /// Runs `work` on the scheduler's thread once `delay` has passed (up to one slot later).
    func after(_ delay: Duration, _ work: @escaping @Sendable () -> Void) {
        let slot = slotIndex(clock.now + delay, roundingUp: true)
        let wakesEarlier = wheel.withLock { wheel -> Bool in
            if wheel.slots[slot] == nil { wheel.occupied.insert(slot) }
            wheel.slots[slot, default: []].append(work)
            guard let sleepsUntil = wheel.sleepsUntil, slot < sleepsUntil else { return false }
            wheel.sleepsUntil = slot
            return true
        }
        if wakesEarlier { clock.wake() }
    }

    /// Drops pending work and ends the thread.
    func stop() {
        wheel.withLock { wheel in
            wheel.isStopped = true
            wheel.slots = [:]
            wheel.occupied.removeAll()
        }
        clock.wake()
    }

    /// The work of every slot up to now, or nil once stopped.
    private func takeDueWork() -> [@Sendable () -> Void]? {
        let now = slotIndex(clock.now, roundingUp: false)
        return wheel.withLock { wheel in
            if wheel.isStopped { return nil }
            wheel.sleepsUntil = nil
            var due: [@Sendable () -> Void] = []
            while let slot = wheel.occupied.min, slot <= now {
                wheel.occupied.removeMin()
                due += wheel.slots.removeValue(forKey: slot) ?? []
            }
            return due
        }
    }

    /// The slot to sleep until: the next one, or the first that holds work when that is later
    /// (at most a second away, which bounds the sleep while nothing is scheduled); nil once
    /// stopped.
    private func plannedWakeSlot() -> Int? {
        let next = slotIndex(clock.now, roundingUp: false) + 1
        let latest = next + Int(Duration.seconds(1) / Self.slot)
        return wheel.withLock { wheel in
            if wheel.isStopped { return nil }
            let slot = min(max(next, wheel.occupied.min ?? latest), latest)
            wheel.sleepsUntil = slot
            return slot
        }
    }

    private func slotIndex(_ instant: Duration, roundingUp: Bool) -> Int {
        let slots = instant.seconds / Self.slot.seconds
        return Int(roundingUp ? slots.rounded(.up) : slots.rounded(.down))
    }
}
