/// What the application does with connections and HTTP requests.
///
/// Every method except `handleHTTP` is called on the service thread that serves the connection
/// (each serves many): return quickly and never block (hand work to an actor, a queue, or a
/// task that prefers `connection.executor`).
public protocol WebSocketHandler: Sendable {
    /// What a new connection carries for the application to check its frames against
    /// (`Connection.admission`): nil by default.
    func admissionForNewConnection() -> (any AnyObject & Sendable)?
    func connectionOpened(_ connection: Connection)
    /// A complete text message (fragments already reassembled), valid UTF-8.
    func connection(_ connection: Connection, didReceiveText text: [UInt8])
    /// The same, read where it lies: a message that came in one piece is lws's receive buffer,
    /// valid only during the call (a handler that reads it at once needs no copy of its own).
    /// By default copied for `connection(_:didReceiveText:)` with an array.
    func connection(_ connection: Connection, didReceiveText text: Span<UInt8>)
    /// A complete binary message (fragments already reassembled). By default the connection is
    /// closed with 1003 (unsupported data): applications that speak text need not say so.
    func connection(_ connection: Connection, didReceiveBinary data: [UInt8])
    /// The connection is gone; `code` is the close code the peer sent or the server closed with
    /// (1006 when the socket dropped without a close frame).
    func connectionClosed(_ connection: Connection, code: UInt16)
    /// The connection's queue overflowed earlier and the socket has now caught up: sends work
    /// again (a good moment for one fresh snapshot).
    func connectionDrained(_ connection: Connection)
    /// Answers HTTP requests no static file matched, off the service thread.
    /// nil answers 404.
    func handleHTTP(_ request: HTTPRequest) async -> HTTPResponse?
}

extension WebSocketHandler {
    public func admissionForNewConnection() -> (any AnyObject & Sendable)? { nil }
    public func connection(_ connection: Connection, didReceiveText text: Span<UInt8>) {
        self.connection(connection, didReceiveText: text.withUnsafeBufferPointer { Array($0) })
    }
    public func connection(_ connection: Connection, didReceiveBinary data: [UInt8]) {
        connection.close(code: 1003, reason: "binary messages are not accepted")
    }
    public func connectionDrained(_ connection: Connection) {}
    public func handleHTTP(_ request: HTTPRequest) async -> HTTPResponse? { nil }
}
