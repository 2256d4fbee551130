import Synchronization

/// One client websocket. Safe to use from any thread.
public final class ClientConnection: MessageSending {
    struct Target: Sendable {
        let host: String
        let port: Int
        let path: String
        /// TLS (`wss://`).
        let secure: Bool
        /// Without the `http://` that lws adds itself.
        let originHost: String?
        let sourceAddress: String?
    }

    public var id: UInt64 { core.id }
    let target: Target
    let core: ConnectionCore<ClientMail>
    let sink: ClientEventSink
    private let mailbox: Mailbox<ClientMail>

    init(id: UInt64, target: Target, queueCapBytes: Int, sink: ClientEventSink, mailbox: Mailbox<ClientMail>) {
        self.target = target
        self.core = ConnectionCore(id: id, queueCapBytes: queueCapBytes, mailbox: mailbox)
        self.sink = sink
        self.mailbox = mailbox
    }

    /// Queues a text message; messages sent before the connection opens go out once it does.
    @discardableResult
    public func send(_ text: [UInt8]) -> SendResult {
        core.send(.bytes(text), isBinary: false)
    }

    /// Closes with `code` once the messages already queued are written.
    public func close(code: UInt16, reason: String) {
        core.close(code: code, reason: reason)
    }

    /// Stops reading from the socket (the server's writes then back up), or starts again.
    public func setReading(_ isReading: Bool) {
        mailbox.push(.reading(id, isReading))
    }

    func deliver(_ event: ClientEvent) {
        switch sink {
        case .handler(let handler): handler(self, event)
        case .inbox(let inbox): inbox.post(event)
        }
    }
}

/// Awaiting events: only for connections made without an event handler.
extension ClientConnection {
    public func nextEvent(timeout: Duration = .seconds(5)) async throws -> ClientEvent {
        guard case .inbox(let inbox) = sink else {
            preconditionFailure("this connection's events go to the handler given to connect")
        }
        return try await inbox.next(timeout: timeout)
    }

    /// Waits for `opened`; throws if the connection failed or closed instead.
    public func waitUntilOpen(timeout: Duration = .seconds(5)) async throws {
        let event = try await nextEvent(timeout: timeout)
        guard event == .opened else { throw Self.failure(event) }
    }

    /// The next text message, skipping `opened`; throws if the connection ends first.
    public func nextMessage(timeout: Duration = .seconds(5)) async throws -> [UInt8] {
        while true {
            switch try await nextEvent(timeout: timeout) {
            case .opened: continue
            case .text(let message): return message
            case let event: throw Self.failure(event)
            }
        }
    }

    /// Waits for the connection to close, skipping messages; returns the close code.
    public func closeCode(timeout: Duration = .seconds(5)) async throws -> UInt16 {
        while true {
            switch try await nextEvent(timeout: timeout) {
            case .opened, .text: continue
            case .closed(let code): return code
            case let event: throw Self.failure(event)
            }
        }
    }

    private static func failure(_ event: ClientEvent) -> ClientConnectionError {
        switch event {
        case .closed(let code): .closed(code: code)
        case .error(let text): .failed(text)
        default: .unexpected(event)
        }
    }
}

/// Work other threads hand to the client's service thread.
enum ClientMail: WritableMail {
    static var writesGoAhead: Bool { false }

    case connect(ClientConnection)
    case writable(UInt64)
    case reading(UInt64, Bool)
    case shutdown
}
