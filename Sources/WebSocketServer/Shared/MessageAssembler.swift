/// Reassembles a websocket message from the chunks lws delivers, enforcing a size limit.
struct MessageAssembler {
    enum Outcome {
        case incomplete
        case complete([UInt8])
        case tooBig
    }

    let limitBytes: Int
    private var pending: [UInt8] = []

    init(limitBytes: Int) {
        self.limitBytes = limitBytes
    }

    /// Whether `chunk` is a whole message by itself (nothing pending, it ends the message,
    /// within the limit): the caller may then read it in place, and not `append` it.
    func isWhole(_ chunk: UnsafeRawBufferPointer, isLast: Bool) -> Bool {
        isLast && pending.isEmpty && chunk.count <= limitBytes
    }

    /// `isLast` is true when this chunk ends the message (final fragment, no payload left).
    mutating func append(_ chunk: UnsafeRawBufferPointer, isLast: Bool) -> Outcome {
        if pending.count + chunk.count > limitBytes {
            pending = []
            return .tooBig
        }
        if pending.isEmpty && isLast { return .complete(Array(chunk)) }
        pending.append(contentsOf: chunk)
        guard isLast else { return .incomplete }
        // Hand the buffer over and start the next message empty, so idle connections hold nothing.
        defer { pending = [] }
        return .complete(pending)
    }
}
