import Synchronization

/// One port serving static files, the application's HTTP routes and websockets at `/ws`,
/// over libwebsockets.
///
/// Threading: one service thread runs lws and calls the handler; `Connection`s may be used from
/// any thread; `handleHTTP` runs on the cooperative pool.
public final class WebSocketServer: Sendable {
    public let configuration: ServerConfiguration
    private let handler: any WebSocketHandler
    private let mailbox = Mailbox<ServerMail>()
    private let counters = MetricCounters()
    private let running = Mutex<(thread: ServiceThread, port: Int)?>(nil)

    public init(configuration: ServerConfiguration, handler: any WebSocketHandler) {
        self.configuration = configuration
        self.handler = handler
    }

    deinit {
        shutdown(deadline: .now)
    }

    /// Binds the port and starts serving. Throws `cannotListen` when the port is taken.
    public func start() throws {
        try running.withLock { running in
            guard running == nil else { throw WebSocketServerError.alreadyStarted }
            let (configuration, handler, mailbox, counters) = (configuration, handler, mailbox, counters)
            running = try ServiceThread.start(
                name: "ws-server",
                makeLoop: {
                    ServerLoop(configuration: configuration, handler: handler, mailbox: mailbox, counters: counters)
                },
                started: { loop, _ in (loop as! ServerLoop).boundPort })
        }
    }

    /// The bound port (useful with port 0); 0 before `start()`.
    public var port: Int {
        running.withLock { $0?.port ?? 0 }
    }

    public var metrics: ServerMetrics {
        counters.snapshot
    }

    /// Stops accepting connections, closes every websocket with 1001 (going away) once its queued
    /// messages are written, and returns when all are closed or at `deadline` (then the rest are
    /// dropped). Blocks the caller: call it from a signal source or a shutdown path, never from
    /// the handler.
    public func shutdown(deadline: ContinuousClock.Instant = .now + .seconds(5)) {
        guard let thread = running.withLock({ $0?.thread }), thread.isRunning else { return }
        mailbox.push(.shutdown)
        if !thread.waitUntilExited(deadline: deadline) {
            mailbox.push(.deadlinePassed)
            _ = thread.waitUntilExited(deadline: .now + .seconds(60))
        }
    }
}
