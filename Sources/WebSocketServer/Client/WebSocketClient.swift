import Synchronization

/// Limits for a `WebSocketClient`'s connections.
public struct ClientConfiguration: Sendable {
    /// Largest text message accepted from a server; a bigger one closes with 1009.
    public var maxMessageBytes = 16 << 20
    /// Most bytes one connection may have queued for sending.
    public var outboundQueueCapBytes = 16 << 20
    /// Set to make `wss://` connections (TLS through lws' OpenSSL); nil: plain `ws://` only.
    public var tls: ClientTLS?
    /// How long a connection may wait for the server to answer its upgrade before it fails
    /// (lws's `timeout_secs`, whole seconds).
    public var handshakeTimeout: Duration = .seconds(20)

    public init() {}
}

/// How a client's TLS connections check the server: against the system's CAs, or one CA file
/// (a test certificate's); `verifiesCertificate` false accepts any certificate (self-signed,
/// expired, another host's): encrypted, but unverified.
public struct ClientTLS: Sendable, Equatable {
    public var caFile: String?
    public var verifiesCertificate: Bool

    public init(caFile: String? = nil, verifiesCertificate: Bool = true) {
        self.caFile = caFile
        self.verifiesCertificate = verifiesCertificate
    }
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

    /// Starts connecting to `ws://host:port/path` (`wss://` when `secure`, which needs
    /// `ClientConfiguration.tls`); events go to `onEvent` on the client's service thread (it must
    /// not block).
    /// - Parameters:
    ///   - origin: sent as the Origin header; must be an `http://` origin. nil sends none.
    ///   - sourceAddress: local IP to bind (e.g. `127.0.0.2`), to use more source ports than
    ///     one address has.
    public func connect(
        host: String = "127.0.0.1", port: Int, path: String = "/ws", secure: Bool = false, origin: String? = nil,
        sourceAddress: String? = nil,
        onEvent: @escaping @Sendable (ClientConnection, ClientEvent) -> Void
    ) -> ClientConnection {
        connect(host: host, port: port, path: path, secure: secure, origin: origin, sourceAddress: sourceAddress,
                sink: .handler(onEvent))
    }

    /// Starts connecting; await its events with `nextEvent`, `nextMessage`, `closeCode`.
    public func connect(
        host: String = "127.0.0.1", port: Int, path: String = "/ws", secure: Bool = false, origin: String? = nil,
        sourceAddress: String? = nil
    ) -> ClientConnection {
        connect(host: host, port: port, path: path, secure: secure, origin: origin, sourceAddress: sourceAddress,
                sink: .inbox(EventInbox()))
    }

    private func connect(host: String, port: Int, path: String, secure: Bool, origin: String?, sourceAddress: String?,
                         sink: ClientEventSink) -> ClientConnection {
        if let origin { precondition(origin.hasPrefix("http://"), "lws sends only http:// origins") }
        let target = ClientConnection.Target(
            host: host, port: port, path: path, secure: secure,
            originHost: origin.map { String($0.dropFirst("http://".count)) }, sourceAddress: sourceAddress)
        let connection = ClientConnection(
            id: lastID.add(1, ordering: .relaxed).newValue, target: target,
            queueCapBytes: configuration.outboundQueueCapBytes, sink: sink, mailbox: mailbox)
        if secure && configuration.tls == nil {
            connection.deliver(.error("wss:// needs a client made with ClientConfiguration.tls"))
        } else if !mailbox.push(.connect(connection)) {
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
