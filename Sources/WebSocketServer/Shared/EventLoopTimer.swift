import CLibWebSockets

/// A one-shot timer of an `EventLoop` itself (libev's, not lws's), run on its service thread.
/// Unlike a `LoopTimer`, it may be armed between passes (from mail drained before the thread
/// waits): libev computes each wait from its timers, where lws re-arms its own only from its
/// callbacks. Its C record is allocated once and never moves while armed.
final class EventLoopTimer {
    private let loop: EventLoop
    private let record: UnsafeMutablePointer<lws_swift_loop_timer>
    private let fire: () -> Void

    init(on loop: EventLoop, fire: @escaping () -> Void) {
        self.loop = loop
        self.fire = fire
        record = .allocate(capacity: 1)
        record.initialize(to: lws_swift_loop_timer())
        record.pointee.fired = eventLoopTimerFired
    }

    /// Fires once, `delay` from now (at once if it is not positive), replacing any earlier arming.
    func schedule(after delay: Duration) {
        record.pointee.user = Unmanaged.passUnretained(self).toOpaque()
        let seconds = Double(delay.components.seconds) + Double(delay.components.attoseconds) / 1e18
        loop.startTimer(record, seconds: max(seconds, 0))
    }

    func cancel() {
        loop.stopTimer(record)
    }

    fileprivate func fired() {
        fire()
    }

    /// Only once it is stopped (or its loop destroyed).
    deinit {
        record.deallocate()
    }
}

/// The timers' C callback: finds the timer through its record's user pointer.
private func eventLoopTimerFired(_ user: UnsafeMutableRawPointer?) {
    guard let user else { return }
    Unmanaged<EventLoopTimer>.fromOpaque(user).takeUnretainedValue().fired()
}
