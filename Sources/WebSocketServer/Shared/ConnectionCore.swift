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
    /// The service thread's writer of this connection's queue, for a send made on that thread
    /// at a point where it may write (`send`); returns false when it may not. Set while the
    /// connection is open, and read and written only on that thread.
    nonisolated(unsafe) private var writer: (() -> Bool)?

    init(id: UInt64, queueCapBytes: Int, mailbox: Mailbox<Mail>, overflowed: (@Sendable () -> Void)? = nil) {
        self.id = id
        self.outbound = Mutex(OutboundQueue(capacityBytes: queueCapBytes))
        self.mailbox = mailbox
        self.overflowed = overflowed
    }

    /// Queues one message and wakes the service thread to write it (once per batch), or, sent
    /// on that thread to an idle queue, writes it at once.
    ///
    /// A fan-out sends one message to each of thousands of connections from their Stores' jobs
    /// on the service thread: a message that went by mail cost each member a push, a drain and
    /// the look-up of its connection, for a write the thread then made anyway.
    func send(_ message: OutgoingText, isBinary: Bool) -> SendResult {
        let (result, needsWake, startedOverflow) = outbound.enqueue(message, isBinary: isBinary)
        if startedOverflow { overflowed?() }
        if needsWake && !(result == .queued && wroteAtOnce()) { mailbox.push(.writable(id), ahead: Mail.writesGoAhead) }
        return result
    }

    /// Writes what was just queued, when the caller is the service thread and its writer may
    /// write now. Only a message that came to an idle queue gets here (`needsWake`): the queue
    /// then holds that message alone, so the write is its turn, as the mail's would have been.
    private func wroteAtOnce() -> Bool {
        guard mailbox.isOnServiceThread, let writer else { return false }
        return writer()
    }

    /// Sets (or, with nil, removes) the service thread's writer `send` calls on that thread;
    /// called on the service thread. The writer writes the queue's next step, and returns
    /// false without writing where the thread may not write (inside another callback of lws).
    func writeAtOnce(with writer: (() -> Bool)?) {
        self.writer = writer
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

    /// The socket is gone (or closing): every later send reports `.closed`. Called on the
    /// service thread: the writer is let go (it holds the thread's record of the socket).
    func markClosed() {
        outbound.withLock { $0.markClosed() }
        writer = nil
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
