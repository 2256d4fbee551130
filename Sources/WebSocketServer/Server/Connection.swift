import Synchronization

/// One open websocket. Safe to use from any thread; holding it after close is harmless
/// (sends then report `.closed`).
public final class Connection: MessageSending {
    /// Unique for the server's lifetime. Kept here as well as in `core`, so the handler (its logs,
    /// the registry's table of greetings in flight) reads it without touching a second object.
    public let id: UInt64
    // What each frame and each send reads (`id`, `binding`, `core`) comes first, on the line of
    // the object's header, which retaining the connection touches anyway: `binding` and `core`
    // came after the addresses, on a line of their own, cold by the connection's next frame.

    /// What the application bound to this connection (a Pokédex session), found by each of its
    /// frames under this connection's own lock: a table of every connection, behind one lock
    /// both service threads took per frame, was a line passed between their cores. Whoever
    /// sets it clears it when the binding ends (a strong reference: a cycle until then).
    public let binding = Mutex<AnyObject?>(nil)

    /// What the application checks each of this connection's frames against (a Pokédex
    /// connection's action rate: `WebSocketHandler.admissionForNewConnection`), made with the
    /// connection and read by each frame without a lock: a table of every connection's,
    /// behind one lock, was a line both service threads wrote for every frame.
    public let admission: (any AnyObject & Sendable)?

    let core: ConnectionCore<ServerMail>

    /// Runs tasks on the service thread that serves this connection.
    public let executor: ServiceExecutor
    /// The peer's IP address.
    public let remoteAddress: String
    /// The upgrade request's `X-Forwarded-For` header, as sent (nil without one). Only worth
    /// believing when `remoteAddress` is a proxy the operator trusts: anyone can send it.
    public let forwardedFor: String?

    init(id: UInt64, remoteAddress: String, forwardedFor: String? = nil, admission: (any AnyObject & Sendable)? = nil,
         queueCapBytes: Int, mailbox: Mailbox<ServerMail>, executor: ServiceExecutor, counters: MetricCounters) {
        self.id = id
        self.admission = admission
        self.remoteAddress = remoteAddress
        self.forwardedFor = forwardedFor
        self.executor = executor
        self.core = ConnectionCore(id: id, queueCapBytes: queueCapBytes, mailbox: mailbox,
                                   overflowed: { counters.overflows.add(1, ordering: .relaxed) })
    }

    /// Queues one text message (UTF-8 bytes) and wakes the service thread to write it.
    @discardableResult
    public func send(_ text: [UInt8]) -> SendResult {
        core.send(.bytes(text), isBinary: false)
    }

    /// Queues one text message that may share its bytes with others' (`OutgoingText`).
    @discardableResult
    public func send(_ text: OutgoingText) -> SendResult {
        core.send(text, isBinary: false)
    }

    /// Queues one binary message, in order with the text ones.
    @discardableResult
    public func send(binary bytes: [UInt8]) -> SendResult {
        core.send(.bytes(bytes), isBinary: true)
    }

    /// Closes with `code` once the messages already queued are written.
    public func close(code: UInt16, reason: String) {
        core.close(code: code, reason: reason)
    }

    /// Bytes queued and not yet handed to the socket; never above the configured cap.
    public var queuedBytes: Int { core.queuedBytes }
}

extension Connection: Hashable {
    public static func == (lhs: Connection, rhs: Connection) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(id) }
}

/// Work other threads hand to the server's service thread.
enum ServerMail: WritableMail {
    /// A connection's writes go ahead of the rest: see `Mailbox.push`.
    static var writesGoAhead: Bool { true }

    /// The connection has something to write or to close.
    case writable(UInt64)
    case httpResponse(exchangeID: UInt64, HTTPResponse)
    case shutdown
    /// The shutdown deadline passed: stop waiting for connections to close.
    case deadlinePassed
    /// A job of a task that prefers this service thread, or (`isolated`) of an actor that runs
    /// on it (`ServiceExecutor`).
    case job(UnownedJob, isolated: Bool)
    /// Work for the service thread (`ServiceExecutor.execute`).
    case call(@Sendable () -> Void)
    /// A socket the listening thread accepted for this one (`ConnectionSpreader`).
    case adopt(Int32)
}
