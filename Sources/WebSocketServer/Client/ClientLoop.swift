import CLibWebSockets

/// Everything the client's service thread owns: lws callbacks reach it through
/// `lws_context_user`, other threads through the mailbox.
final class ClientLoop: ServiceLoop {
    static let protocolName = "app"

    let configuration: ClientConfiguration
    let mailbox: Mailbox<ClientMail>
    private let allocations = CAllocations()
    /// No keepalive (nothing to ping or time out): by default lws gives each client connection
    /// a validity timer, and inserting one into its sorted timer list walks every other one.
    private lazy var noKeepalive = UnsafePointer(allocations.value(lws_retry_bo_t()))
    private(set) var context: OpaquePointer?
    private(set) lazy var handshakeSweep = LoopTimer(allocations: allocations) { [unowned self] in sweepHandshakes($0) }
    /// Connections being made or open, by id: this dictionary owns their sessions.
    var sessions: [UInt64: ClientSession] = [:]
    var writer = MessageWriter()
    private var connectWindow = ConnectWindow()
    private var isStartingConnections = false
    private(set) var isFinished = false

    init(configuration: ClientConfiguration, mailbox: Mailbox<ClientMail>) {
        self.configuration = configuration
        self.mailbox = mailbox
    }

    func createContext(on eventLoop: EventLoop) throws -> OpaquePointer {
        var info = lws_context_creation_info()
        info.port = CONTEXT_PORT_NO_LISTEN
        info.gid = -1
        info.uid = -1
        info.options = UInt64(LWS_SERVER_OPTION_VALIDATE_UTF8)
        info.timeout_secs = UInt32(max(1, configuration.handshakeTimeout.components.seconds))
        if let tls = configuration.tls {
            // OpenSSL is set up only for a client that makes TLS connections.
            info.options |= UInt64(LWS_SERVER_OPTION_DO_SSL_GLOBAL_INIT)
            info.client_ssl_ca_filepath = tls.caFile.map { UnsafePointer(allocations.string($0)) }
        }
        info.protocols = UnsafePointer(allocations.array([
            lws_protocols(name: allocations.string(Self.protocolName), callback: { serviceLoopCallback(ClientLoop.self, $0, $1, $2, $3, $4) },
                          per_session_data_size: 0, rx_buffer_size: 0, id: 0, user: nil, tx_packet_size: 0),
            lws_protocols(),
        ]))
        info.user = Unmanaged.passUnretained(self).toOpaque()
        eventLoop.attach(to: &info)
        lws_set_log_level(LLL_ERR | LLL_WARN, nil)
        guard let context = lws_create_context(&info) else { throw WebSocketClientError.cannotCreateContext }
        self.context = context
        mailbox.open(context: context)
        handshakeSweep.schedule(on: context, after: handshakeSweepInterval)
        return context
    }

    func beforeWaiting() {
        mailbox.settleBeforeWaiting(drainMailbox)
    }

    func contextWillBeDestroyed() {
        isFinished = true  // also if the loop ran dry: start no connection from here on
        mailbox.close()
        handshakeSweep.cancel()
        for connection in connectWindow.removeWaiting() {
            connection.deliver(.error("client is shut down"))
        }
    }

    /// lws reports no end for a connection closed mid-handshake in some states: end those here.
    func contextWasDestroyed() {
        for session in sessions.values {
            session.wsi = nil  // freed with the context
            finish(session, with: .error("client is shut down"))
        }
    }

    func drainMailbox() {
        for mail in mailbox.drain() {
            switch mail {
            case .connect(let connection):
                connectWindow.enqueue(connection)
                startWaitingConnections()
            case .writable(let id):
                if let session = sessions[id], let wsi = session.wsi, !session.isConnecting { writeSoon(session, on: wsi) }
            case .reading(let id, let isReading):
                if let session = sessions[id], let wsi = session.wsi, !session.isConnecting { lws_rx_flow_control(wsi, isReading ? 1 : 0) }
            case .shutdown:
                isFinished = true
            }
        }
    }

    /// Sends what was queued for `session`, at once when `LwsWire.canWriteAtOnce`.
    private func writeSoon(_ session: ClientSession, on wsi: OpaquePointer) {
        guard let written = session.connection.core.writeAtOnce(with: &writer, on: wsi) else {
            lws_callback_on_writable(wsi)
            return
        }
        if !handle(written, session) { LwsWire.closeSoon(wsi) }
    }

    /// Writes the queue's next step; false when the connection must close.
    func writeNext(_ session: ClientSession, on wsi: OpaquePointer) -> Bool {
        handle(session.connection.core.writeNext(with: &writer, on: wsi), session)
    }

    /// Notes a close a write asked for; false when the connection must close.
    private func handle(_ written: ConnectionCore<ClientMail>.Written, _ session: ClientSession) -> Bool {
        guard case .close(let code) = written else { return true }
        if let code { session.closeCode = code }
        return false
    }

    /// Starts waiting connections while the window has room (not once the loop is finishing).
    /// A connect that fails at once settles inside `connect`: the running loop picks up the
    /// room it leaves, rather than a nested call per failure.
    private func startWaitingConnections() {
        guard !isStartingConnections else { return }
        isStartingConnections = true
        defer { isStartingConnections = false }
        while !isFinished, let connection = connectWindow.next() {
            connect(connection)
        }
    }

    private func connect(_ connection: ClientConnection) {
        let session = ClientSession(connection: connection, maxMessageBytes: configuration.maxMessageBytes,
                                    handshakeDeadline: .now + configuration.handshakeTimeout)
        sessions[connection.id] = session
        let target = connection.target
        let wsi = target.host.withCString { host in
            "\(target.host):\(target.port)".withCString { hostHeader in
                target.path.withCString { path in
                    withOptionalCString(target.originHost) { origin in
                        withOptionalCString(target.sourceAddress) { sourceAddress in
                            var info = lws_client_connect_info()
                            info.context = context
                            info.address = host
                            info.port = Int32(target.port)
                            info.path = path
                            info.host = hostHeader
                            info.origin = origin
                            info.iface = sourceAddress
                            info.ietf_version_or_minus_one = -1
                            info.ssl_connection = sslFlags(secure: target.secure)
                            // Websockets over HTTP/1.1 upgrades: an h2 proxy (nginx) offered
                            // h2 would otherwise be chosen, and it does not carry websockets.
                            info.alpn = target.secure ? UnsafePointer(alpn) : nil
                            info.retry_and_idle_policy = noKeepalive
                            info.userdata = Unmanaged.passUnretained(session).toOpaque()
                            return lws_client_connect_via_info(&info)
                        }
                    }
                }
            }
        }
        guard isTracking(session) else { return }  // failed inside the call, and heard it
        if let wsi {
            session.wsi = wsi
        } else {
            // A NULL without a CONNECTION_ERROR callback (bad arguments): report it here.
            finish(session, with: .error("could not start connecting to \(target.host):\(target.port)"))
        }
    }

    private lazy var alpn = allocations.string("http/1.1")

    private func sslFlags(secure: Bool) -> Int32 {
        guard secure, let tls = configuration.tls else { return 0 }
        var flags = LCCSCF_USE_SSL.rawValue
        if !tls.verifiesCertificate {
            flags |= LCCSCF_ALLOW_SELFSIGNED.rawValue | LCCSCF_SKIP_SERVER_CERT_HOSTNAME_CHECK.rawValue
                | LCCSCF_ALLOW_EXPIRED.rawValue | LCCSCF_ALLOW_INSECURE.rawValue
        }
        return Int32(flags)
    }

    /// The connection is open: it leaves the connect window.
    func opened(_ session: ClientSession, wsi: OpaquePointer) {
        session.wsi = wsi
        session.isConnecting = false
        connectWindow.settled()
        startWaitingConnections()
    }

    /// Whether `session` has not had its last event yet.
    func isTracking(_ session: ClientSession) -> Bool {
        sessions[session.connection.id] === session
    }

    /// The connection's last event: forget the session.
    func finish(_ session: ClientSession, with event: ClientEvent) {
        if session.isConnecting {
            session.isConnecting = false
            connectWindow.settled()
            startWaitingConnections()
        }
        sessions[session.connection.id] = nil
        if let wsi = session.wsi { lws_set_wsi_user(wsi, nil) }
        session.connection.core.markClosed()
        session.connection.deliver(event)
    }
}

private func withOptionalCString<R>(_ string: String?, _ body: (UnsafePointer<CChar>?) -> R) -> R {
    guard let string else { return body(nil) }
    return string.withCString { body($0) }
}

public enum WebSocketClientError: Error {
    case cannotCreateContext
}
