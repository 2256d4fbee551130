import CLibWebSockets

extension ServerLoop {
    /// The server's lws callbacks (`serviceLoopCallback` finds the loop): finds the
    /// connection's state (per-session pointer) and hands the event to it. Reasons it does not
    /// handle, and HTTP served from files, go to lws's default handling.
    func handle(_ call: LwsCallbackCall) -> Int32 {
        let (wsi, input, length) = (call.wsi, call.input, call.length)
        // The per-session data is one pointer: to a WebSocketSession on websocket reasons, to an
        // HTTPExchange on HTTP reasons of requests the application answers.
        let slot = call.user?.assumingMemoryBound(to: UnsafeMutableRawPointer?.self)

        switch call.reason {
        case LWS_CALLBACK_FILTER_NETWORK_CONNECTION:
            // `input` carries the accepted socket's descriptor.
            return keepsNewConnection(Int32(truncatingIfNeeded: Int(bitPattern: input))) ? 0 : 1
        case LWS_CALLBACK_FILTER_PROTOCOL_CONNECTION:
            return acceptsUpgrade(wsi) ? 0 : 1
        case LWS_CALLBACK_ESTABLISHED:
            guard let slot else { return -1 }
            webSocketOpened(wsi, slot: slot)
            return 0
        case LWS_CALLBACK_RECEIVE:
            guard let session = object(WebSocketSession.self, in: slot) else { return -1 }
            return webSocketReceived(session, UnsafeRawBufferPointer(start: input, count: length))
        case LWS_CALLBACK_SERVER_WRITEABLE:
            guard let session = object(WebSocketSession.self, in: slot) else { return 0 }
            return webSocketWriteable(session)
        case LWS_CALLBACK_RECEIVE_PONG:
            if let session = object(WebSocketSession.self, in: slot) { heard(session) }
            return 0
        case LWS_CALLBACK_WS_PEER_INITIATED_CLOSE:
            guard let session = object(WebSocketSession.self, in: slot) else { return 0 }
            return webSocketPeerClosing(session, payload: input, length: length)
        case LWS_CALLBACK_CLOSED:
            guard let slot, let session = object(WebSocketSession.self, in: slot) else { return 0 }
            slot.pointee = nil
            webSocketClosed(session)
            return 0
        case LWS_CALLBACK_HTTP:
            guard let slot else { return -1 }
            return httpRequest(wsi, slot: slot)
        case LWS_CALLBACK_HTTP_WRITEABLE:
            guard let slot, let exchange = object(HTTPExchange.self, in: slot) else { break }
            return httpWriteable(exchange, slot: slot)
        case LWS_CALLBACK_CLOSED_HTTP, LWS_CALLBACK_HTTP_DROP_PROTOCOL:
            if let slot, let exchange = object(HTTPExchange.self, in: slot) {
                slot.pointee = nil
                httpAbandoned(exchange)
            }
        default:
            break
        }
        return call.passOn()
    }
}

/// The object a per-session slot points to (the loop's dictionaries own it).
func object<T: AnyObject>(_ type: T.Type, in slot: UnsafeMutablePointer<UnsafeMutableRawPointer?>?) -> T? {
    guard let pointer = slot?.pointee else { return nil }
    return Unmanaged<T>.fromOpaque(pointer).takeUnretainedValue()
}
