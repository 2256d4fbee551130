import Synchronization

/// Mail asking a service thread to write what a connection has queued.
protocol WritableMail: Sendable {
    static func writable(_ id: UInt64) -> Self
    /// Whether that request goes ahead of the other mail (see `Mailbox.push`).
    static var writesGoAhead: Bool { get }
}

/// What a server connection and a client connection share: the id, the outbound queue any
/// thread sends into, the wake-up of the service thread that writes it, and that thread's
/// side of the writing.
final class ConnectionCore<Mail: WritableMail>: Sendable {
    /// What one writeable turn did.
    enum Written {
        case wrote(bytes: Int)
        case idle
        /// The queue overflowed earlier and is now written out: time for a fresh snapshot.
        case drained
        /// The socket must close: with the code a `close` asked for, or nil when a write failed.
        case close(code: UInt16?)
    }

    let id: UInt64
    let outbound: Mutex<OutboundQueue>
    private let mailbox: Mailbox<Mail>
    /// Called when a send starts an overflow (a server counts them).
    private let overflowed: (@Sendable () -> Void)?

    init(id: UInt64, queueCapBytes: Int, mailbox: Mailbox<Mail>, overflowed: (@Sendable () -> Void)? = nil) {
        self.id = id
        self.outbound = Mutex(OutboundQueue(capacityBytes: queueCapBytes))
        self.mailbox = mailbox
        self.overflowed = overflowed
    }

    /// Queues one message and wakes the service thread to write it (once per batch).
    func send(_ message: OutgoingText, isBinary: Bool) -> SendResult {
        let (result, needsWake, startedOverflow) = outbound.enqueue(message, isBinary: isBinary)
        if startedOverflow { overflowed?() }
        if needsWake { mailbox.push(.writable(id), ahead: Mail.writesGoAhead) }
        return result
    }

    /// Closes with `code` once the messages already queued are written.
    func close(code: UInt16, reason: String) {
        outbound.requestClose(code: code, reason: reason)
        mailbox.push(.writable(id), ahead: Mail.writesGoAhead)
    }

    var queuedBytes: Int {
        outbound.withLock { $0.queuedBytes }
    }

    // MARK: The service thread's side

    /// Whether what is queued may be written now, outside a writeable callback.
    func canWriteAtOnce(_ wsi: OpaquePointer) -> Bool {
        LwsWire.canWriteAtOnce(wsi, outbound)
    }

    /// Writes the queue's next step on `wsi`.
    func writeNext(with writer: inout MessageWriter, on wsi: OpaquePointer) -> Written {
        let step = outbound.withLock { $0.stepForWriteable() }
        switch writer.perform(step, on: wsi) {
        case .wrote(let bytes): return .wrote(bytes: bytes)
        case .idle: return .idle
        case .drained: return .drained
        case .close:
            if case .close(let request) = step { return .close(code: request.code) }
            return .close(code: nil)
        }
    }

    /// The socket is gone (or closing): every later send reports `.closed`.
    func markClosed() {
        outbound.withLock { $0.markClosed() }
    }
}

/// What senders see of either connection: text messages in order, and a close after them.
public protocol MessageSending: AnyObject, Sendable {
    /// Queues one text message (UTF-8 bytes) for the service thread to write.
    @discardableResult
    func send(_ text: [UInt8]) -> SendResult
    /// Closes with `code` once the messages already queued are written.
    func close(code: UInt16, reason: String)
}

extension MessageSending {
    @discardableResult
    public func send(_ text: String) -> SendResult {
        send(Array(text.utf8))
    }

    public func close(code: UInt16 = 1000) {
        close(code: code, reason: "")
    }
}
