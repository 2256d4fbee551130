import Synchronization

/// One open websocket. Safe to use from any thread; holding it after close is harmless
/// (sends then report `.closed`).
public final class Connection: Sendable {
    /// Unique for the server's lifetime.
    public let id: UInt64
    /// The peer's IP address.
    public let remoteAddress: String
    /// The upgrade request's `X-Forwarded-For` header, as sent (nil without one). Only worth
    /// believing when `remoteAddress` is a proxy the operator trusts: anyone can send it.
    public let forwardedFor: String?
    /// Runs tasks on the service thread that serves this connection.
    public let executor: ServiceExecutor

    let outbound: Mutex<OutboundQueue>
    private let mailbox: Mailbox<ServerMail>
    private let counters: MetricCounters

    init(id: UInt64, remoteAddress: String, forwardedFor: String? = nil, queueCapBytes: Int,
         mailbox: Mailbox<ServerMail>, executor: ServiceExecutor, counters: MetricCounters) {
        self.id = id
        self.remoteAddress = remoteAddress
        self.forwardedFor = forwardedFor
        self.executor = executor
        self.outbound = Mutex(OutboundQueue(capacityBytes: queueCapBytes))
        self.mailbox = mailbox
        self.counters = counters
    }

    /// Queues one text message (UTF-8 bytes) and wakes the service thread to write it.
    @discardableResult
    public func send(_ text: [UInt8]) -> SendResult {
        enqueue(text, isBinary: false)
    }

    @discardableResult
    public func send(_ text: String) -> SendResult {
        send(Array(text.utf8))
    }

    /// Queues one binary message, in order with the text ones.
    @discardableResult
    public func send(binary bytes: [UInt8]) -> SendResult {
        enqueue(bytes, isBinary: true)
    }

    private func enqueue(_ message: [UInt8], isBinary: Bool) -> SendResult {
        let (result, needsWake, startedOverflow) = outbound.enqueue(message, isBinary: isBinary)
        if startedOverflow { counters.overflows.add(1, ordering: .relaxed) }
        if needsWake { mailbox.push(.writable(id), ahead: true) }
        return result
    }

    /// Closes with `code` once the messages already queued are written.
    public func close(code: UInt16 = 1000, reason: String = "") {
        outbound.requestClose(code: code, reason: reason)
        mailbox.push(.writable(id), ahead: true)
    }

    /// Bytes queued and not yet handed to the socket; never above the configured cap.
    public var queuedBytes: Int {
        outbound.withLock { $0.queuedBytes }
    }
}

extension Connection: Hashable {
    public static func == (lhs: Connection, rhs: Connection) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(id) }
}

/// Work other threads hand to the server's service thread.
enum ServerMail: Sendable {
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
