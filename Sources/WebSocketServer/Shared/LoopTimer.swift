import CLibWebSockets

/// A one-shot timer on a context's lws timer list, run on its service thread. Its C record is
/// linked into lws's list while scheduled, so it is allocated once and never moves; the owner
/// schedules it again from `fire` to make it repeat.
final class LoopTimer {
    private let record: UnsafeMutablePointer<lws_swift_timer>
    private let fire: (OpaquePointer) -> Void
    private var context: OpaquePointer?

    init(allocations: CAllocations, fire: @escaping (_ context: OpaquePointer) -> Void) {
        record = allocations.value(lws_swift_timer())
        self.fire = fire
    }

    func schedule(on context: OpaquePointer, after delay: Duration) {
        self.context = context
        record.pointee.user = Unmanaged.passUnretained(self).toOpaque()
        let microseconds = delay.components.seconds * 1_000_000 + delay.components.attoseconds / 1_000_000_000_000
        lws_sul_schedule(context, 0, &record.pointee.sul, loopTimerFired, lws_usec_t(microseconds))
    }

    func cancel() {
        lws_sul_cancel(&record.pointee.sul)
        context = nil
    }

    fileprivate func fired() {
        guard let context else { return }
        fire(context)
    }
}

/// The timers' C callback: finds the timer through its record's user pointer.
private func loopTimerFired(_ sul: UnsafeMutablePointer<lws_sorted_usec_list_t>?) {
    guard let sul else { return }
    let record = UnsafeMutableRawPointer(sul).assumingMemoryBound(to: lws_swift_timer.self)
    guard let user = record.pointee.user else { return }
    Unmanaged<LoopTimer>.fromOpaque(user).takeUnretainedValue().fired()
}
