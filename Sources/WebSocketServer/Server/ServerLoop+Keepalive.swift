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

    /// Heard from the peer: data or a pong.
    func heard(_ session: WebSocketSession) {
        session.lastHeard = .now
        session.isPinged = false
    }

    func sweepKeepalive(_ context: OpaquePointer) {
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
        keepaliveSweep.schedule(on: context, after: keepaliveSweepInterval)
    }
}
