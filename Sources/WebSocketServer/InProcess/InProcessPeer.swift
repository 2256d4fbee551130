import Synchronization

/// The client end of an `InProcessTransport` connection: frames sent here reach the handler as
/// a socket's would; frames the application sends are read back in order with `next`.
public final class InProcessPeer: Sendable {
    /// The server's side of this connection, as the handler sees it.
    public let connection: Connection
    private unowned let transport: InProcessTransport

    private struct Inbox {
        var frames: [[UInt8]] = []
        var waiter: (id: Int, continuation: CheckedContinuation<[UInt8], any Error>)?
        var lastWaiterID = 0
        var closeCode: UInt16?
    }

    private let inbox = Mutex(Inbox())

    init(connection: Connection, transport: InProcessTransport) {
        self.connection = connection
        self.transport = transport
    }

    /// Hands a text frame to the handler, on the transport's thread, in order with the others.
    public func send(_ text: [UInt8]) {
        let connection = self.connection
        transport.run { [transport] in transport.handler.connection(connection, didReceiveText: text) }
    }

    public func send(_ text: String) {
        send(Array(text.utf8))
    }

    /// Closes from the client's side (the handler hears `connectionClosed` with `code`).
    public func close(code: UInt16 = 1000) {
        transport.closed(self, code: code)
    }

    /// The close code once the connection closed, from either side.
    public var closeCode: UInt16? { inbox.withLock { $0.closeCode } }

    /// The next frame the application sent; waits for it up to `timeout` (a deadline for a
    /// frame that never comes, not a pause: it returns as soon as the frame is there).
    public func next(timeout: Duration = .seconds(10)) async throws -> [UInt8] {
        let id = inbox.withLock { inbox -> Int in
            inbox.lastWaiterID += 1
            return inbox.lastWaiterID
        }
        let deadline = Task { [self] in
            try await Task.sleep(for: timeout)
            let waiter = inbox.withLock { inbox -> CheckedContinuation<[UInt8], any Error>? in
                guard let waiter = inbox.waiter, waiter.id == id else { return nil }
                inbox.waiter = nil
                return waiter.continuation
            }
            waiter?.resume(throwing: InProcessPeerError.timedOut(timeout))
        }
        defer { deadline.cancel() }
        return try await withCheckedThrowingContinuation { continuation in
            let ready = inbox.withLock { inbox -> Result<[UInt8], any Error>? in
                if !inbox.frames.isEmpty { return .success(inbox.frames.removeFirst()) }
                if let code = inbox.closeCode { return .failure(InProcessPeerError.closed(code)) }
                inbox.waiter = (id, continuation)
                return nil
            }
            if let ready { continuation.resume(with: ready) }
        }
    }

    /// The frames the application sent that no `next` has read yet, without waiting.
    public func takeReceived() -> [[UInt8]] {
        inbox.withLock { inbox in
            defer { inbox.frames = [] }
            return inbox.frames
        }
    }

    func received(_ frame: [UInt8]) {
        let waiter = inbox.withLock { inbox -> CheckedContinuation<[UInt8], any Error>? in
            guard let waiter = inbox.waiter else {
                inbox.frames.append(frame)
                return nil
            }
            inbox.waiter = nil
            return waiter.continuation
        }
        waiter?.resume(returning: frame)
    }

    func closed(code: UInt16) {
        let waiter = inbox.withLock { inbox -> CheckedContinuation<[UInt8], any Error>? in
            if inbox.closeCode == nil { inbox.closeCode = code }
            defer { inbox.waiter = nil }
            return inbox.waiter?.continuation
        }
        waiter?.resume(throwing: InProcessPeerError.closed(code))
    }
}

public enum InProcessPeerError: Error, Equatable {
    /// No frame came within the deadline.
    case timedOut(Duration)
    /// The connection closed with this code and every frame before it was read.
    case closed(UInt16)
}
