import CLibWebSockets

/// Pings websockets that have gone silent and drops those that stay silent, from one sweep
/// timer. lws's own keepalive (a "validity" timer per connection) is off: each one is an insert
/// into lws's sorted timer list, which walks the whole list, so thousands of connections made
/// the accept path O(connections).
extension ServerLoop {
    /// Often enough that pings and drops are at most this late; a sweep is one pass over the
    /// sessions.
    var keepaliveSweepInterval: Duration {
        min(.seconds(1), configuration.pingInterval / 2)
    }

    func scheduleKeepaliveSweep(_ context: OpaquePointer) {
        let timer = keepaliveTimer
        timer.pointee.user = Unmanaged.passUnretained(self).toOpaque()
        lws_sul_schedule(context, 0, &timer.pointee.sul, keepaliveTimerFired, microseconds(keepaliveSweepInterval))
    }

    func cancelKeepaliveSweep() {
        lws_sul_cancel(&keepaliveTimer.pointee.sul)
    }

    /// Heard from the peer: data or a pong.
    func heard(_ session: WebSocketSession) {
        session.lastHeard = .now
        session.isPinged = false
    }

    fileprivate func sweep(_ context: OpaquePointer) {
        let now = ContinuousClock.now
        for session in sessions.values {
            let silence = session.lastHeard.duration(to: now)
            if silence >= configuration.idleTimeout {
                log.info("ws.silent", ["conn": "\(session.connection.id)", "silent_s": "\(silence.components.seconds)"])
                // Closed from lws's timer service, with no close frame: the peer is gone.
                lws_set_timeout(session.wsi, PENDING_TIMEOUT_USER_OK, LWS_TO_KILL_ASYNC)
            } else if silence >= configuration.pingInterval && !session.isPinged {
                session.isPinged = true
                session.needsPing = true
                lws_callback_on_writable(session.wsi)
            }
        }
        scheduleKeepaliveSweep(context)
    }
}

private func microseconds(_ duration: Duration) -> lws_usec_t {
    lws_usec_t(duration.components.seconds * 1_000_000 + duration.components.attoseconds / 1_000_000_000_000)
}

/// The sweep timer's C callback: finds the loop through the timer's user pointer.
private func keepaliveTimerFired(_ sul: UnsafeMutablePointer<lws_sorted_usec_list_t>?) {
    guard let sul else { return }
    let timer = UnsafeMutableRawPointer(sul).assumingMemoryBound(to: lws_swift_timer.self)
    guard let user = timer.pointee.user else { return }
    let loop = Unmanaged<ServerLoop>.fromOpaque(user).takeUnretainedValue()
    guard let context = loop.context else { return }
    loop.sweep(context)
}
