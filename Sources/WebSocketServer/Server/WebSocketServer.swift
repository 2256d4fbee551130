import Synchronization

/// One port serving static files, the application's HTTP routes and websockets at `/ws`,
/// over libwebsockets.
///
/// Threading: `configuration.serviceThreads` service threads each run an lws context; the
/// first listens and places the connections it accepts (`ConnectionSpreader`). Each thread
/// calls the handler for its own connections; `Connection`s may be used from any thread;
/// `handleHTTP` runs on the cooperative pool.
public final class WebSocketServer: Sendable {
    public let configuration: ServerConfiguration
    private let handler: any WebSocketHandler
    /// Each service thread's own (`MetricCounters`), by the thread's index.
    private let counters: [MetricCounters]
    /// Each service thread's busy share (`LoadMeter`), by the thread's index.
    let loads: [ThreadLoad]
    private let ids = ConnectionIDs()
    private typealias Loop = (thread: ServiceThread, mailbox: Mailbox<ServerMail>)
    private let running = Mutex<(loops: [Loop], port: Int)?>(nil)

    public init(configuration: ServerConfiguration, handler: any WebSocketHandler) {
        self.configuration = configuration
        self.handler = handler
        counters = (0..<max(1, configuration.serviceThreads)).map { _ in MetricCounters() }
        loads = counters.map { _ in ThreadLoad() }
    }

    deinit {
        shutdown(deadline: .now)
    }

    /// Binds the port and starts serving. Throws `cannotListen` when the port is taken.
    public func start() throws {
        try running.withLock { running in
            guard running == nil else { throw WebSocketServerError.alreadyStarted }
            let threads = max(1, configuration.serviceThreads)
            let spreader = threads > 1 ? ConnectionSpreader(loads: loads, spreadAbovePercent: configuration.spreadAbovePercent) : nil
            var loops: [Loop] = []
            do {
                let (listener, port) = try startLoop(index: 0, port: configuration.port, spreader: spreader)
                loops.append(listener)
                for index in 1..<threads {
                    loops.append(try startLoop(index: index, port: port, spreader: nil).loop)
                }
                spreader?.spread(over: loops.dropFirst().map(\.mailbox))
                running = (loops, port)
            } catch {
                Self.stop(loops, deadline: .now)
                throw error
            }
        }
    }

    /// Starts service thread `index`: the first listens on `port` (0 picks one) and spreads
    /// connections with `spreader`; the others serve what it hands them.
    private func startLoop(index: Int, port: Int, spreader: ConnectionSpreader?) throws -> (loop: Loop, port: Int) {
        var configuration = self.configuration
        configuration.port = port
        let (handler, counters, ids, mailbox) = (handler, counters[index], ids, Mailbox<ServerMail>())
        let (load, measuresLoad) = (loads[index], loads.count > 1 && configuration.spreadAbovePercent > 0)
        let (thread, boundPort) = try ServiceThread.start(
            name: index == 0 ? "ws-server" : "ws-server-\(index)",
            makeLoop: { [configuration] in
                ServerLoop(configuration: configuration, handler: handler, mailbox: mailbox, counters: counters, ids: ids,
                           listens: index == 0, spreader: spreader, load: measuresLoad ? load : nil)
            },
            started: { loop, _ in (loop as! ServerLoop).boundPort })
        return ((thread, mailbox), boundPort)
    }

    /// The bound port (useful with port 0); 0 before `start()`.
    public var port: Int {
        running.withLock { $0?.port ?? 0 }
    }

    public var metrics: ServerMetrics {
        ServerMetrics(summing: counters.map(\.snapshot))
    }

    /// Stops accepting connections, closes every websocket with 1001 (going away) once its queued
    /// messages are written, and returns when all are closed or at `deadline` (then the rest are
    /// dropped). Blocks the caller: call it from a signal source or a shutdown path, never from
    /// the handler.
    public func shutdown(deadline: ContinuousClock.Instant = .now + .seconds(5)) {
        guard let loops = running.withLock({ $0?.loops }) else { return }
        Self.stop(loops, deadline: deadline)
    }

    private static func stop(_ loops: [Loop], deadline: ContinuousClock.Instant) {
        let live = loops.filter { $0.thread.isRunning }
        for loop in live { loop.mailbox.push(.shutdown) }
        for loop in live where !loop.thread.waitUntilExited(deadline: deadline) {
            loop.mailbox.push(.deadlinePassed)
            _ = loop.thread.waitUntilExited(deadline: .now + .seconds(60))
        }
    }
}
