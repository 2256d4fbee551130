import CLibWebSockets

/// The epoll-based libev loop one lws context runs on, through lws's libev plugin. The loop is
/// "foreign" to lws: the service thread creates it, runs it one pass at a time (so it can stop
/// between passes) and destroys it after the context. lws installs no signal watcher on a
/// foreign loop, so a server and a client context can share a process with the app's signals.
final class EventLoop {
    private let loop: UnsafeMutableRawPointer
    /// `info.foreign_loops`: one loop per service thread, and a context has one.
    private let foreignLoops: UnsafeMutablePointer<UnsafeMutableRawPointer?>

    init() throws {
        guard let loop = lws_swift_ev_loop_new() else { throw EventLoopError.cannotCreateLoop }
        self.loop = loop
        foreignLoops = .allocate(capacity: 1)
        foreignLoops.initialize(to: loop)
    }

    /// Makes the context created from `info` run on this loop.
    func attach(to info: inout lws_context_creation_info) {
        info.options |= UInt64(LWS_SERVER_OPTION_LIBEV)
        info.foreign_loops = foreignLoops
    }

    /// Waits for events or the next lws timer and runs their callbacks. False if nothing is left
    /// to wait for, which cannot happen while a context lives on the loop.
    func runOnce() -> Bool {
        lws_swift_ev_run_once(loop) != 0
    }

    /// Arms an `EventLoopTimer`'s record to fire once, `seconds` from now.
    func startTimer(_ timer: UnsafeMutablePointer<lws_swift_loop_timer>, seconds: Double) {
        lws_swift_loop_timer_start(loop, timer, seconds)
    }

    func stopTimer(_ timer: UnsafeMutablePointer<lws_swift_loop_timer>) {
        lws_swift_loop_timer_stop(loop, timer)
    }

    /// Frees the loop: only after the context on it is destroyed.
    func destroy() {
        lws_swift_ev_loop_destroy(loop)
        foreignLoops.deallocate()
    }
}

enum EventLoopError: Error {
    /// epoll could not be set up (usually: out of file descriptors).
    case cannotCreateLoop
}
