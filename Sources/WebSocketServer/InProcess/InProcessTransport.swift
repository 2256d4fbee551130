import Foundation
import Synchronization

/// The transport without sockets, for tests of an application's protocol: one thread does what
/// a server's service thread does (runs the jobs and calls queued for it, hands what a
/// connection sends to its reader) for connections whose incoming frames a test hands in
/// (`InProcessPeer.send`) and whose outgoing frames it reads back (`InProcessPeer.next`). The
/// handler, its sessions and their executors are the real ones; only lws and the sockets are not.
public final class InProcessTransport: Sendable {
    private let mailbox = Mailbox<ServerMail>()
    /// Runs tasks and actors on the transport's thread, as a server's service thread does.
    public let executor: ServiceExecutor
    let handler: any WebSocketHandler
    private let peers = Mutex<[UInt64: InProcessPeer]>([:])
    private let lastID = Atomic<UInt64>(0)
    private let counters = MetricCounters()
    private let wake = DispatchSemaphore(value: 0)
    private let exited = DispatchSemaphore(value: 0)
    private let queueCapBytes: Int
    /// The CPU clock of the transport's thread, set when it starts (0 until then).
    private let threadClock = Atomic<Int32>(0)
    private let threadStarted = DispatchSemaphore(value: 0)
    /// The peers sent a message to an idle queue during the mail being carried out (only ever
    /// touched on the transport's thread): handed their frames when it ends, as a server's
    /// service thread writes them (`ServerLoop.writesAfterMail`).
    nonisolated(unsafe) private var writesAfterMail: [InProcessPeer] = []

    public init(handler: any WebSocketHandler, queueCapBytes: Int = ServerConfiguration().outboundQueueCapBytes) {
        executor = ServiceExecutor(mailbox: mailbox)
        self.handler = handler
        self.queueCapBytes = queueCapBytes
        let thread = Thread { [self] in serve() }
        thread.name = "in-process-transport"
        thread.start()
        threadStarted.wait()
    }

    /// CPU seconds the transport's thread has used: what the server's service thread spent on
    /// its connections, sessions and Stores (a benchmark's figure; not the whole process).
    public var threadCPUSeconds: Double {
        var time = timespec()
        clock_gettime(clockid_t(threadClock.load(ordering: .relaxed)), &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// Opens a connection from `remoteAddress`, as an accepted websocket would be.
    public func connect(remoteAddress: String = "127.0.0.1", forwardedFor: String? = nil) -> InProcessPeer {
        let connection = Connection(
            id: lastID.add(1, ordering: .relaxed).newValue, remoteAddress: remoteAddress, forwardedFor: forwardedFor,
            admission: handler.admissionForNewConnection(), queueCapBytes: queueCapBytes, mailbox: mailbox, executor: executor, counters: counters)
        let peer = InProcessPeer(connection: connection, transport: self)
        peers.withLock { $0[connection.id] = peer }
        // As a server's service thread: a message sent on this thread is handed over when the
        // mail that sent it ends (set before the thread hears of the connection; let go when
        // it ends, `finish`).
        connection.core.writeAfterMail(as: peer)
        run { [handler] in handler.connectionOpened(connection) }
        return peer
    }

    /// Stops the thread; jobs still queued then run on the executor's serial queue.
    public func shutdown() {
        guard mailbox.push(.shutdown) else { return }
        exited.wait()
    }

    /// Runs `work` on the transport's thread, after what is queued there already.
    func run(_ work: @escaping @Sendable () -> Void) {
        executor.execute(work)
    }

    /// The peer closed: the handler hears it once, on the transport's thread.
    func closed(_ peer: InProcessPeer, code: UInt16) {
        run { [self] in finish(peer, code: code) }
    }

    /// Ends a connection closed from either side, once: later sends report `.closed`.
    private func finish(_ peer: InProcessPeer, code: UInt16) {
        guard peers.withLock({ $0.removeValue(forKey: peer.connection.id) }) != nil else { return }
        peer.connection.core.markClosed()
        peer.closed(code: code)
        handler.connectionClosed(peer.connection, code: code)
    }

    private func serve() {
        var clock = clockid_t()
        pthread_getcpuclockid(pthread_self(), &clock)
        threadClock.store(Int32(clock), ordering: .relaxed)
        threadStarted.signal()
        mailbox.writeAfterMail(by: { [unowned self] in
            writesAfterMail.append(unsafeDowncast($0, to: InProcessPeer.self))
            return true
        })
        mailbox.open(signalling: wake)
        while true {
            let mail = mailbox.drain()
            if mail.isEmpty {
                wake.wait()
                continue
            }
            for item in mail {
                defer { writeWhatTheMailSent() }
                switch item {
                case let .job(job, isolated): executor.run(job, isolated: isolated)
                case let .call(work): work()
                case let .writable(id): write(id)
                case .shutdown:
                    executor.release(mailbox.close())
                    exited.signal()
                    return
                case .httpResponse, .deadlinePassed, .adopt: break
                }
            }
        }
    }

    /// Hands what the mail just carried out sent to the peers, and what that sent in turn.
    private func writeWhatTheMailSent() {
        while !writesAfterMail.isEmpty {
            let batch = writesAfterMail
            writesAfterMail = []
            for peer in batch { write(peer) }
        }
    }

    /// Hands what the connection queued to its peer, as the writeable callback writes it.
    private func write(_ id: UInt64) {
        guard let peer = peers.withLock({ $0[id] }) else { return }
        write(peer)
    }

    private func write(_ peer: InProcessPeer) {
        while true {
            switch peer.connection.core.outbound.withLock({ $0.stepForWriteable() }) {
            case let .message(message, _):
                counters.messagesOut.addAsSoleWriter(1)
                peer.received(message.text.rendered)
            case let .close(request):
                finish(peer, code: request.code)
                return
            case .drained:
                handler.connectionDrained(peer.connection)
                return
            case .idle:
                return
            }
        }
    }
}
