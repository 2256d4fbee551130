import Logging
import WebSocketServer

/// The server without sockets, for protocol tests: the same application (`PokedexApp`: handler,
/// sessions, Stores, storage) on an `InProcessTransport`, so a test hands frames in and reads
/// the server's frames back in process, with no port, no lws and no waiting on the network.
package final class InProcessServer: Sendable {
    let app: PokedexApp
    private let transport: InProcessTransport

    init(options: ServerOptions, environment: ServerEnvironment) {
        let url = options.publicURL ?? "http://\(options.host):\(options.port)"
        app = PokedexApp(options: options, environment: environment, connections: { 0 }, publicURL: { url })
        transport = InProcessTransport(handler: app.handler)
    }

    /// A server on what `options` name, logging nothing (the benches').
    package convenience init(options: ServerOptions) throws {
        self.init(options: options, environment: try .live(options, logger: .silent))
    }

    /// A new connection, as a browser's websocket from `remoteAddress`.
    package func connect(remoteAddress: String = "127.0.0.1") -> InProcessPeer {
        transport.connect(remoteAddress: remoteAddress)
    }

    /// Ends every session (their connections close with 1001), then the transport's thread.
    package func shutdown() async {
        await app.shutDown()
        transport.shutdown()
    }
}
