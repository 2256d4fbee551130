import Synchronization

/// One connection's messages waiting to be written, bounded by a byte cap.
///
/// Lives inside a `Mutex` (senders on any thread, the writer on the service thread).
/// Overflow drops everything queued instead of blocking or growing: the application is told when
/// the socket has caught up (`WriteStep.drained`) and can then send one fresh snapshot.
struct OutboundQueue {
    struct CloseRequest: Equatable {
        let code: UInt16
        let reason: String
    }

    /// One queued message: a text message (its UTF-8 bytes, or shared bytes and its number:
    /// `OutgoingText`) or a binary message's bytes.
    struct Message {
        let text: OutgoingText
        let isBinary: Bool
    }

    /// The next thing the writer should do, taken under the lock.
    enum WriteStep {
        case message(Message, hasMore: Bool)
        case close(CloseRequest)
        /// The queue overflowed earlier and has now been written out completely.
        case drained
        case idle
    }

    let capacityBytes: Int
    /// The oldest message, when it came to an empty queue: held here, beside the lock, and not
    /// in `messages`, whose storage was another cache line of the connection's own for each
    /// member of a fan-out (most connections have one message queued at a time).
    private var first: Message?
    /// The messages after `first` (all of them while `first` is nil), oldest first.
    private var messages: [Message] = []
    /// The messages queued, `first` among them: zero when a new one may go in `first`,
    /// known without a look at `messages`.
    private var queuedCount = 0
    /// Index of the oldest unwritten message; written ones are compacted away in batches.
    private var head = 0
    private(set) var queuedBytes = 0
    private(set) var isOverflowed = false
    private(set) var isClosed = false
    private var closeRequest: CloseRequest?
    /// True while a writeable callback has been asked for and not yet run, so senders wake the
    /// service thread once per batch rather than once per message.
    var isWriteRequested = false

    init(capacityBytes: Int) {
        self.capacityBytes = capacityBytes
    }

    mutating func enqueue(_ message: [UInt8], isBinary: Bool = false) -> SendResult {
        enqueue(.bytes(message), isBinary: isBinary)
    }

    mutating func enqueue(_ message: OutgoingText, isBinary: Bool = false) -> SendResult {
        if isClosed || closeRequest != nil { return .closed }
        if isOverflowed { return .overflowed }
        let count = message.count
        if queuedBytes + count > capacityBytes {
            first = nil
            messages = []
            head = 0
            queuedCount = 0
            queuedBytes = 0
            isOverflowed = true
            return .overflowed
        }
        if queuedCount == 0 {
            first = Message(text: message, isBinary: isBinary)
        } else {
            messages.append(Message(text: message, isBinary: isBinary))
        }
        queuedCount += 1
        queuedBytes += count
        return .queued
    }

    /// A close was asked for (written once the messages before it are).
    var isClosing: Bool { closeRequest != nil }

    /// Asks for the connection to close once the messages already queued are written.
    mutating func requestClose(_ request: CloseRequest) {
        if closeRequest == nil && !isClosed { closeRequest = request }
    }

    private mutating func nextStep() -> WriteStep {
        if let message = first {
            first = nil
            queuedCount -= 1
            queuedBytes -= message.text.count
            return .message(message, hasMore: queuedCount > 0 || closeRequest != nil)
        }
        if head < messages.count {
            let message = messages[head]
            messages[head] = Message(text: .bytes([]), isBinary: false)
            head += 1
            queuedCount -= 1
            queuedBytes -= message.text.count
            if head == messages.count {
                messages.removeAll(keepingCapacity: messages.capacity <= 64)
                head = 0
            } else if head >= 64 && head * 2 >= messages.count {
                messages.removeFirst(head)
                head = 0
            }
            return .message(message, hasMore: head < messages.count || closeRequest != nil)
        }
        if let closeRequest { return .close(closeRequest) }
        if isOverflowed {
            isOverflowed = false
            return .drained
        }
        return .idle
    }

    /// The step for a writeable callback. Keeps `isWriteRequested` set while more is queued,
    /// because the caller then asks lws for the next callback itself.
    mutating func stepForWriteable() -> WriteStep {
        let step = nextStep()
        if case .message(_, hasMore: let hasMore) = step {
            isWriteRequested = hasMore
        } else {
            isWriteRequested = false
        }
        return step
    }

    /// The step for a write made outside a writeable callback (the socket took the last write
    /// whole), or nil while a close is asked for: only a callback's return value closes
    /// cleanly. One turn of the lock for both the question and the step.
    mutating func stepAtOnce() -> WriteStep? {
        isClosing ? nil : stepForWriteable()
    }

    /// The socket is gone: every later send reports `.closed`.
    mutating func markClosed() {
        isClosed = true
        first = nil
        messages = []
        head = 0
        queuedCount = 0
        queuedBytes = 0
    }
}

extension Mutex where Value == OutboundQueue {
    /// Queues `message` for a connection used from any thread. `needsWake` tells the caller to
    /// ask the service thread for a writeable callback (once per batch; an overflow asks too,
    /// since the writeable callback is where draining is noticed).
    func enqueue(_ message: OutgoingText, isBinary: Bool = false) -> (result: SendResult, needsWake: Bool, startedOverflow: Bool) {
        withLock { queue in
            let wasOverflowed = queue.isOverflowed
            let result = queue.enqueue(message, isBinary: isBinary)
            let needsWake = result != .closed && !queue.isWriteRequested
            if needsWake { queue.isWriteRequested = true }
            return (result, needsWake, !wasOverflowed && queue.isOverflowed)
        }
    }

    /// Asks for a close after the queued messages; the caller then wakes the service thread.
    func requestClose(code: UInt16, reason: String) {
        withLock { queue in
            queue.requestClose(.init(code: code, reason: reason))
            queue.isWriteRequested = true
        }
    }
}
