/// Service-thread state of one client websocket, reached through its lws user pointer.
final class ClientSession {
    let connection: ClientConnection
    /// Set once lws has created the connection.
    var wsi: OpaquePointer?
    /// Started and not yet open or failed: counted in the client's connect window.
    var isConnecting = true
    var assembler: MessageAssembler
    /// The code the server's close frame carried, or the code we closed with.
    var closeCode: UInt16?

    init(connection: ClientConnection, maxMessageBytes: Int) {
        self.connection = connection
        self.assembler = MessageAssembler(limitBytes: maxMessageBytes)
    }
}
