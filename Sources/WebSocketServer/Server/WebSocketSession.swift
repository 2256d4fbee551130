import CLibWebSockets

/// Service-thread state of one websocket, reached through its lws per-session pointer.
final class WebSocketSession {
    let wsi: OpaquePointer
    let connection: Connection
    var assembler: MessageAssembler
    /// The code reported to the application when the socket closes.
    var closeCode: UInt16 = 1006
    /// When the peer last sent anything (data or a pong): the keepalive sweep reads it.
    var lastHeard = ContinuousClock.now
    /// Pinged since last heard from.
    var isPinged = false
    /// A ping is due at the next writeable callback.
    var needsPing = false
    /// A message came in more than one piece since the last writeable callback, so the peer
    /// may have sent a ping between its fragments. lws answers pings itself, on the next
    /// writeable callback before ours: writing the reply at once would put it ahead of the pong.
    var mayOwePong = false
    /// The peer sent a close frame: what it sends after it is ignored (RFC 6455 5.5.1).
    var isPeerClosing = false
    /// lws closed the socket (`wsi` is gone): a write noted before (`writesAfterFrames`) is
    /// dropped.
    var isClosed = false

    init(wsi: OpaquePointer, connection: Connection, maxMessageBytes: Int) {
        self.wsi = wsi
        self.connection = connection
        self.assembler = MessageAssembler(limitBytes: maxMessageBytes)
    }
}
