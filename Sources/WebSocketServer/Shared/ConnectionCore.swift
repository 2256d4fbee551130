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
    /// The service thread's record of this connection (a server's `WebSocketSession`), which it
    /// writes when the mail it carries out ends, for a send made on that thread (`send`,
    /// `Mailbox.writeAfterMail`). Set while the connection is open, and read and written only
    /// on that thread: a closure holding the loop and the record was an object of its own per
    /// connection, whose cold line each such send loaded and retained first.
    nonisolated(unsafe) private var socket: AnyObject?

    init(id: UInt64, queueCapBytes: Int, mailbox: Mailbox<Mail>, overflowed: (@Sendable () -> Void)? = nil) {
        self.id = id
        self.outbound = Mutex(OutboundQueue(capacityBytes: queueCapBytes))
        self.mailbox = mailbox
        self.overflowed = overflowed
    }

    /// Queues one message and wakes the service thread to write it (once per batch); sent on
    /// that thread while it carries out its mail, the thread writes it when that mail ends.
    ///
    /// A fan-out sends one message to each of thousands of connections from their Stores' jobs
    /// on the service thread: each went by a `.writable` mail, a push, a drain and the look-up
    /// of its connection, for the write the thread then made after the job anyway.
    func send(_ message: OutgoingText, isBinary: Bool) -> SendResult {
        let (result, needsWake, startedOverflow) = outbound.enqueue(message, isBinary: isBinary)
        if startedOverflow { overflowed?() }
        if needsWake && !(result == .queued && isWrittenAfterMail()) { mailbox.push(.writable(id), ahead: Mail.writesGoAhead) }
        return result
    }

    /// Whether the service thread takes the write of what was just queued when its mail ends.
    /// Only a message to an idle queue asks (`needsWake`), as only such a one mailed.
    private func isWrittenAfterMail() -> Bool {
        // The thread first: `socket` is the service thread's to read.
        guard mailbox.isOnServiceThread, let socket else { return false }
        return mailbox.writeAfterMail(socket)
    }

    /// Sets (or, with nil, removes) the record `send` hands the service thread's
    /// `Mailbox.writeAfterMail` on that thread, which notes it for a write when the mail being
    /// carried out ends, and returns false (the send then mails) outside a mail. Called on the
    /// service thread.
    func writeAfterMail(as socket: AnyObject?) {
        self.socket = socket
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

    /// Writes the queue's next step on `wsi` now, outside a writeable callback, when the socket
    /// and the queue allow it (`LwsWire.canWriteAtOnce`, `OutboundQueue.stepAtOnce`); nil when
    /// the write waits for the callback. The queue's lock is taken once: a message sent on the
    /// service thread took it three times (the send, the question, the step).
    func writeAtOnce(with writer: inout MessageWriter, on wsi: OpaquePointer) -> Written? {
        guard LwsWire.canWriteAtOnce(wsi), let step = outbound.withLock({ $0.stepAtOnce() }) else { return nil }
        return perform(step, with: &writer, on: wsi)
    }

    /// Writes the queue's next step on `wsi` (in a writeable callback).
    func writeNext(with writer: inout MessageWriter, on wsi: OpaquePointer) -> Written {
        perform(outbound.withLock { $0.stepForWriteable() }, with: &writer, on: wsi)
    }

    private func perform(_ step: OutboundQueue.WriteStep, with writer: inout MessageWriter, on wsi: OpaquePointer) -> Written {
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
    /// service thread: the thread's record of the socket is let go.
    func markClosed() {
        outbound.withLock { $0.markClosed() }
        socket = nil
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
