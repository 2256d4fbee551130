import Synchronization

/// Limits for a `WebSocketClient`'s connections.
public struct ClientConfiguration: Sendable {
    /// Largest text message accepted from a server; a bigger one closes with 1009.
    public var maxMessageBytes = 16 << 20
    /// Most bytes one connection may have queued for sending.
    public var outboundQueueCapBytes = 16 << 20

    public init() {}
}

/// Many client websockets served by one lws context on one thread of its own
/// (for integration tests and the load tester).
public final class WebSocketClient: Sendable {
    public let configuration: ClientConfiguration
    private let mailbox = Mailbox<ClientMail>()
    private let thread: ServiceThread
    private let lastID = Atomic<UInt64>(0)

    public init(configuration: ClientConfiguration = ClientConfiguration()) throws {
        self.configuration = configuration
        let mailbox = mailbox
        (thread, _) = try ServiceThread.start(
            name: "ws-client",
            makeLoop: { ClientLoop(configuration: configuration, mailbox: mailbox) },
            started: { _, _ in () })
    }

    deinit {
        shutdown()
    }

    /// Starts connecting to `ws://host:port/path`; events go to `onEvent` on the client's service
    /// thread (it must not block).
    /// - Parameters:
    ///   - origin: sent as the Origin header; must be an `http://` origin. nil sends none.
    ///   - sourceAddress: local IP to bind (e.g. `127.0.0.2`), to use more source ports than
    ///     one address has.
    public func connect(
        host: String = "127.0.0.1", port: Int, path: String = "/ws", origin: String? = nil,
        sourceAddress: String? = nil,
        onEvent: @escaping @Sendable (ClientConnection, ClientEvent) -> Void
    ) -> ClientConnection {
        connect(host: host, port: port, path: path, origin: origin, sourceAddress: sourceAddress,
                sink: .handler(onEvent))
    }

    /// Starts connecting; await its events with `nextEvent`, `nextMessage`, `closeCode`.
    public func connect(
        host: String = "127.0.0.1", port: Int, path: String = "/ws", origin: String? = nil,
        sourceAddress: String? = nil
    ) -> ClientConnection {
        connect(host: host, port: port, path: path, origin: origin, sourceAddress: sourceAddress,
                sink: .inbox(EventInbox()))
    }

    private func connect(host: String, port: Int, path: String, origin: String?, sourceAddress: String?,
                         sink: ClientEventSink) -> ClientConnection {
        if let origin { precondition(origin.hasPrefix("http://"), "lws sends only http:// origins") }
        let target = ClientConnection.Target(
            host: host, port: port, path: path,
            originHost: origin.map { String($0.dropFirst("http://".count)) }, sourceAddress: sourceAddress)
        let connection = ClientConnection(
            id: lastID.add(1, ordering: .relaxed).newValue, target: target,
            queueCapBytes: configuration.outboundQueueCapBytes, sink: sink, mailbox: mailbox)
        if !mailbox.push(.connect(connection)) {
            connection.deliver(.error("client is shut down"))
        }
        return connection
    }

    /// Drops every connection and stops the service thread.
    public func shutdown() {
        guard thread.isRunning else { return }
        mailbox.push(.shutdown)
        _ = thread.waitUntilExited(deadline: .now + .seconds(30))
    }
}
