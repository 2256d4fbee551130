import CLibWebSockets

/// Ends connections whose upgrade was not answered within the handshake timeout, from one
/// sweep timer that runs for the context's whole life.
///
/// lws has its own handshake timeout, but it cannot be relied on here: its libev glue re-arms
/// its one loop timer with `ev_timer_set` on a watcher that may already be running, so a
/// deadline added from an I/O callback that is earlier than the armed one waits for the armed
/// one. A sweep that always fires within a second keeps this deadline (and lws's) on time.
extension ClientLoop {
    var handshakeSweepInterval: Duration {
        min(.seconds(1), configuration.handshakeTimeout / 2)
    }

    func sweepHandshakes(_ context: OpaquePointer) {
        let now = ContinuousClock.now
        let overdue = sessions.values.filter { $0.isConnecting && $0.handshakeDeadline <= now }
        for session in overdue {
            let wsi = session.wsi
            finish(session, with: .error(
                "no upgrade answer from the server within \(configuration.handshakeTimeout) (handshake timeout)"))
            // Closed from lws's timer service, after this pass: the session no longer hears it.
            if let wsi { lws_set_timeout(wsi, PENDING_TIMEOUT_AWAITING_SERVER_RESPONSE, LWS_TO_KILL_ASYNC) }
        }
        handshakeSweep.schedule(on: context, after: handshakeSweepInterval)
    }
}
