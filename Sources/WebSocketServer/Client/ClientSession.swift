/// Service-thread state of one client websocket, reached through its lws user pointer.
final class ClientSession {
    let connection: ClientConnection
    /// Set once lws has created the connection.
    var wsi: OpaquePointer?
    /// Started and not yet open or failed: counted in the client's connect window.
    var isConnecting = true
    /// When a connection still connecting is given up (the client's handshake timeout).
    let handshakeDeadline: ContinuousClock.Instant
    var assembler: MessageAssembler
    /// The code the server's close frame carried, or the code we closed with.
    var closeCode: UInt16?

    init(connection: ClientConnection, maxMessageBytes: Int, handshakeDeadline: ContinuousClock.Instant) {
        self.connection = connection
        self.handshakeDeadline = handshakeDeadline
        self.assembler = MessageAssembler(limitBytes: maxMessageBytes)
    }
}
