import Logging
import WebSocketServer

/// The server without sockets, for protocol tests: the same application (`PokedexApp`: handler,
/// sessions, Stores, storage) on an `InProcessTransport`, so a test hands frames in and reads
/// the server's frames back in process, with no port, no lws and no waiting on the network.
/// Benchmarks hold real sessions on it too (`scripts/bench sync`, `browse`, `fanout-cpu`).
public final class InProcessServer: Sendable {
    let app: PokedexApp
    private let transport: InProcessTransport

    init(options: ServerOptions, environment: ServerEnvironment) {
        let url = options.publicURL ?? "http://\(options.host):\(options.port)"
        app = PokedexApp(options: options, environment: environment, connections: { 0 }, publicURL: { url })
        transport = InProcessTransport(handler: app.handler)
    }

    /// The server of `options` on its live storage and data sources, logging nothing.
    public convenience init(options: ServerOptions) throws {
        self.init(options: options, environment: try ServerEnvironment.live(options, logger: .silent))
    }

    /// CPU seconds the transport's one thread (the server's service thread) has used.
    public var serviceThreadCPUSeconds: Double { transport.threadCPUSeconds }

    /// A new connection, as a browser's websocket from `remoteAddress`.
    public func connect(remoteAddress: String = "127.0.0.1") -> InProcessPeer {
        transport.connect(remoteAddress: remoteAddress)
    }

    /// Ends every session (their connections close with 1001), then the transport's thread.
    public func shutdown() async {
        await app.shutDown()
        transport.shutdown()
    }
}
