import CLibWebSockets
import Glibc
import Logging

/// Everything one of the server's service threads owns. Created on that thread and never
/// handed to another: lws callbacks reach it through `lws_context_user`, other threads through
/// the mailbox.
final class ServerLoop: ServiceLoop {
    let configuration: ServerConfiguration
    let handler: any WebSocketHandler
    let mailbox: Mailbox<ServerMail>
    let executor: ServiceExecutor
    let counters: MetricCounters
    private let ids: ConnectionIDs
    /// Set on the thread that listens when there are others to spread connections over.
    private let spreader: ConnectionSpreader?
    private let listens: Bool
    /// Measures this thread's busy share for the spreader, when it places by load.
    private let loadMeter: LoadMeter?
    let log: Logger

    private let allocations = CAllocations()
    private(set) var context: OpaquePointer?
    private(set) lazy var keepaliveSweep = LoopTimer(allocations: allocations) { [unowned self] in sweepKeepalive($0) }
    /// The sleeps of tasks on this thread (a search's debounce), on a timer of its loop.
    private var sleeps: LoopSleeps?
    private(set) var boundPort = 0
    private var originPolicy = OriginPolicy(host: "", port: 0, extras: [])
    var sessions: [UInt64: WebSocketSession] = [:]
    var exchanges: [UInt64: HTTPExchange] = [:]
    var writer = MessageWriter()
    /// True while the thread carries out a mail, after which a message sent meanwhile to one of
    /// its connections is written (`ConnectionCore.send`, `writesAfterMail`); inside lws's
    /// other callbacks (a frame being read) it goes by mail, as before.
    private(set) var isCarryingOutMail = false
    /// Connections sent a message to an idle queue during the mail being carried out: written
    /// when it ends, as their `.writable` mails were (without the mails and the look-ups).
    private var writesAfterMail: [WebSocketSession] = []
    private var writing: [WebSocketSession] = []
    /// True while the application handles a message read on this thread (`webSocketReceived`):
    /// a message sent meanwhile to one of its connections is written before the thread next
    /// waits (`writesAfterFrames`), not inside lws's receive callback.
    var isHandlingFrame = false
    /// Connections sent a message to an idle queue while a frame was handled: written before
    /// the thread next waits, ahead of its mail, as their `.writable` mails were (each was a
    /// push, a slot in the drain and a look-up of the socket in `sessions`, for a browse
    /// action's reply).
    private var writesAfterFrames: [WebSocketSession] = []
    private(set) var isShuttingDown = false
    private(set) var isFinished = false

    init(configuration: ServerConfiguration, handler: any WebSocketHandler,
         mailbox: Mailbox<ServerMail>, counters: MetricCounters, ids: ConnectionIDs,
         listens: Bool = true, spreader: ConnectionSpreader? = nil, load: ThreadLoad? = nil) {
        self.configuration = configuration
        self.handler = handler
        self.mailbox = mailbox
        executor = ServiceExecutor(mailbox: mailbox)
        self.counters = counters
        self.ids = ids
        self.listens = listens
        self.spreader = spreader
        loadMeter = load.map { LoadMeter(load: $0, interval: configuration.loadSampleInterval) }
        self.log = configuration.logger
    }

    func createContext(on eventLoop: EventLoop) throws -> OpaquePointer {
        var info = ServerContextInfo.make(configuration, listens: listens, allocations: allocations)
        eventLoop.attach(to: &info)
        info.user = Unmanaged.passUnretained(self).toOpaque()
        lws_set_log_level(LLL_ERR | LLL_WARN, nil)
        guard let context = lws_create_context(&info) else {
            throw WebSocketServerError.cannotListen(host: configuration.host, port: configuration.port)
        }
        boundPort = listens ? Int(lws_get_vhost_listen_port(lws_get_vhost_by_name(context, "default"))) : configuration.port
        originPolicy = OriginPolicy(host: configuration.host, port: boundPort, extras: configuration.allowedOrigins)
        self.context = context
        // The loop outlives the promise, which `contextWillBeDestroyed` lets go.
        mailbox.writeAfterMail(by: { [unowned(unsafe) self] in writeAfterMail(unsafeDowncast($0, to: WebSocketSession.self)) })
        mailbox.open(context: context)
        keepaliveSweep.schedule(on: context, after: keepaliveSweepInterval)
        loadMeter?.start(on: context, allocations: allocations)
        let sleeps = LoopSleeps(loop: eventLoop) { [executor] work in executor.execute(work) }
        self.sleeps = sleeps
        ServiceThreads.useSleeps(sleeps)
        if listens { log.info("ws.listening", ["url": "http://\(configuration.host):\(boundPort)"]) }
        return context
    }

    func contextWillBeDestroyed() {
        // Before the mailbox closes: the sleepers' resumptions join the jobs handed on below.
        ServiceThreads.useSleeps(nil)
        sleeps?.close()
        let leftovers = mailbox.close()
        mailbox.writeAfterMail(by: nil)
        for case .adopt(let descriptor) in leftovers { close(descriptor) }
        executor.release(leftovers)
        keepaliveSweep.cancel()
        loadMeter?.stop()
    }

    func contextWasDestroyed() {}

    func nextID() -> UInt64 {
        ids.next()
    }

    /// A new TCP connection on the listening thread: refused while shutting down, else served
    /// here or handed to another service thread. Returns whether lws keeps it here.
    func keepsNewConnection(_ descriptor: Int32) -> Bool {
        !isShuttingDown && !(spreader?.handOff(descriptor) ?? false)
    }

    /// A socket the listening thread accepted for this thread.
    private func adopt(_ descriptor: Int32) {
        guard !isShuttingDown, let context else {
            close(descriptor)
            return
        }
        // On failure lws closes the descriptor itself.
        _ = lws_adopt_socket_vhost(lws_get_vhost_by_name(context, "default"), descriptor)
    }

    /// A websocket upgrade: only on the configured path, from an allowed origin.
    func acceptsUpgrade(_ wsi: OpaquePointer) -> Bool {
        if isShuttingDown { return false }
        let path = LwsWire.header(wsi, WSI_TOKEN_GET_URI)
        guard path == configuration.webSocketPath else {
            log.warning("ws.refused", ["reason": "path", "path": path ?? "", "addr": LwsWire.peerAddress(wsi)])
            return false
        }
        let origin = LwsWire.header(wsi, WSI_TOKEN_ORIGIN)
        guard originPolicy.allows(origin) else {
            log.warning("ws.refused", ["reason": "origin", "origin": origin ?? "", "addr": LwsWire.peerAddress(wsi)])
            return false
        }
        return true
    }

    func beforeWaiting() {
        if !writesAfterFrames.isEmpty { writeWhatTheFramesSent() }
        mailbox.settleBeforeWaiting(drainMailbox)
    }

    /// Mail carried out before the thread looks at its sockets again. A fan-out queues a
    /// notification for each of thousands of Stores; an action that arrives meanwhile is then
    /// read within a slice, and its change rides on the notifications still queued, rather than
    /// waiting for the whole pass and needing a second one. With the yield after each slice
    /// (below), 64 gave a lower fan-out p99 than 256 (docs/PERFORMANCE.md).
    static let mailPerTurn = 64

    /// Runs on `LWS_CALLBACK_EVENT_WAIT_CANCELLED`: carries out what other threads asked for.
    func drainMailbox() {
        let slice = mailbox.drain(upTo: Self.mailPerTurn)
        // After a slice of a long backlog, a thread waiting for this core runs first. At
        // real-time priority this thread would otherwise keep the core through a whole fan-out
        // pass: the peers it wrote to (on one machine, the load
        // tester's loops) read nothing until it ended. `sched_yield` puts the thread behind
        // threads of its own priority; time-shared, it gives up the rest of its slice.
        // The writes made after each mail count as the `.writable` mails they were: a fan-out's
        // slice of 64 members still yields as its 64 mails did (figures: docs/PERFORMANCE.md).
        var writesAfterMails = 0
        defer {
            if slice.isMoreLeft || (slice.items.count + writesAfterMails > Self.mailPerTurn && mailbox.hasMail) { sched_yield() }
        }
        for mail in slice.items {
            isCarryingOutMail = true
            defer {
                isCarryingOutMail = false
                writesAfterMails += writeWhatTheMailSent()
            }
            switch mail {
            case .writable(let id):
                if let session = sessions[id] { writeSoon(session) }
            case .httpResponse(let exchangeID, let response):
                if let exchange = exchanges[exchangeID] {
                    exchange.response = response
                    lws_callback_on_writable(exchange.wsi)
                }
            case .shutdown:
                beginShutdown()
            case .deadlinePassed:
                log.warning("ws.shutdown_deadline", ["open_connections": "\(sessions.count)"])
                isFinished = true
            case let .job(job, isolated):
                executor.run(job, isolated: isolated)
            case .call(let work):
                work()
            case .adopt(let descriptor):
                adopt(descriptor)
            }
        }
    }

    /// Notes `session` for a write when the mail being carried out ends, or before the thread
    /// next waits when a frame read here is being handled (`ConnectionCore.send` on this
    /// thread); false otherwise (inside lws's other callbacks).
    func writeAfterMail(_ session: WebSocketSession) -> Bool {
        if isCarryingOutMail {
            writesAfterMail.append(session)
        } else if isHandlingFrame {
            writesAfterFrames.append(session)
        } else {
            return false
        }
        return true
    }

    /// Writes what the frames read in the last pass sent: lws has finished with their input.
    /// A connection that closed since (lws freed its socket) is skipped, as its mail found no
    /// socket in `sessions`.
    private func writeWhatTheFramesSent() {
        swap(&writing, &writesAfterFrames)
        for session in writing where !session.isClosed { writeSoon(session) }
        writing.removeAll(keepingCapacity: true)
    }

    /// Writes what the mail just carried out sent, outside the mail: the sender's side effects
    /// come first. Returns how many connections it wrote.
    private func writeWhatTheMailSent() -> Int {
        var written = 0
        while !writesAfterMail.isEmpty {
            swap(&writing, &writesAfterMail)
            for session in writing { writeSoon(session) }
            written += writing.count
            writing.removeAll(keepingCapacity: true)
        }
        return written
    }

    private func beginShutdown() {
        guard !isShuttingDown else { return }
        isShuttingDown = true
        log.info("ws.shutdown", ["open_connections": "\(sessions.count)"])
        for session in sessions.values {
            session.connection.close(code: 1001, reason: "server shutting down")
        }
        finishIfDrained()
    }

    func finishIfDrained() {
        if isShuttingDown && sessions.isEmpty { isFinished = true }
    }
}

public enum WebSocketServerError: Error, Equatable, CustomStringConvertible {
    /// lws could not create the context, almost always because the port is taken.
    case cannotListen(host: String, port: Int)
    case alreadyStarted

    public var description: String {
        switch self {
        case .cannotListen(let host, let port): "cannot listen on \(host):\(port) (port in use?)"
        case .alreadyStarted: "the server was already started"
        }
    }
}
