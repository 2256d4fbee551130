import Logging

/// How a `WebSocketServer` listens, what it serves and the limits it enforces.
public struct ServerConfiguration: Sendable {
    /// Address to bind. Loopback by default.
    public var host = "127.0.0.1"
    /// 0 picks an ephemeral port; read `WebSocketServer.port` after `start()`.
    public var port = 0
    /// Directory served at `/` (with `index.html` as the default document); nil serves no files.
    public var staticRoot: String?
    /// `max-age` of static files, in seconds. They are always revalidated by ETag.
    public var staticCacheMaxAgeSeconds = 60
    /// Service threads, each an lws context: the first listens and places the connections it
    /// accepts (`ConnectionSpreader`); a connection stays on its thread.
    public var serviceThreads = 1
    /// With several service threads, a new connection stays on the first thread below this busy
    /// share of a core (in percent), else goes to the least busy thread: a load one core carries
    /// wakes one thread. 0 deals connections round robin.
    public var spreadAbovePercent = 0
    /// How often each service thread measures its busy share for `spreadAbovePercent`.
    var loadSampleInterval: Duration = .milliseconds(250)
    /// The path websocket upgrades must ask for.
    public var webSocketPath = "/ws"
    /// Browser origins allowed to open a websocket besides the server's own
    /// (`http://host:port`, and its `localhost` / `127.0.0.1` forms), e.g. `https://example.org`.
    public var allowedOrigins: [String] = []
    /// Largest text message accepted; a bigger one closes the connection with 1009.
    public var maxMessageBytes = 64 * 1024
    /// Most bytes one connection may have queued for sending before it overflows.
    public var outboundQueueCapBytes = 1 << 20
    /// A connection silent this long is pinged.
    public var pingInterval: Duration = .seconds(30)
    /// A connection silent this long (no data, no pong) is dropped.
    public var idleTimeout: Duration = .seconds(75)
    /// Headers added to every HTTP response: static files (304s too), the application's
    /// answers, 404s and the errors lws writes itself, e.g. `["x-content-type-options": "nosniff"]`.
    /// Names in lower case; a response should not set one of these again.
    public var defaultHeaders: [String: String] = [:]
    /// How long `handleHTTP` may take before the request is dropped.
    public var httpResponseTimeout: Duration = .seconds(30)
    /// One line per connect, disconnect and error (logfmt on standard error by default).
    public var logger = Logger()

    public init() {}
}
