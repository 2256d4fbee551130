import CLibWebSockets

/// Service-thread state of one websocket, reached through its lws per-session pointer.
final class WebSocketSession {
    let wsi: OpaquePointer
    let connection: Connection
    var assembler: MessageAssembler
    /// The code reported to the application when the socket closes.
    var closeCode: UInt16 = 1006

    init(wsi: OpaquePointer, connection: Connection, maxMessageBytes: Int) {
        self.wsi = wsi
        self.connection = connection
        self.assembler = MessageAssembler(limitBytes: maxMessageBytes)
    }
}
