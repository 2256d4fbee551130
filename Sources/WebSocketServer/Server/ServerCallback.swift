import CLibWebSockets

/// The server's lws callback: finds the loop (context user pointer) and the connection's state
/// (per-session pointer) and hands the event to it. Reasons it does not handle, and HTTP
/// served from files, go to `lws_callback_http_dummy`.
func serverCallback(
    _ wsi: OpaquePointer?, _ reason: lws_callback_reasons,
    _ user: UnsafeMutableRawPointer?, _ input: UnsafeMutableRawPointer?, _ length: Int
) -> Int32 {
    guard let wsi, let loop = callbackLoop(ServerLoop.self, of: wsi) else {
        return lws_callback_http_dummy(wsi, reason, user, input, length)
    }
    // The per-session data is one pointer: to a WebSocketSession on websocket reasons, to an
    // HTTPExchange on HTTP reasons of requests the application answers.
    let slot = user?.assumingMemoryBound(to: UnsafeMutableRawPointer?.self)

    switch reason {
    case LWS_CALLBACK_EVENT_WAIT_CANCELLED:
        loop.drainMailbox()
        return 0
    case LWS_CALLBACK_FILTER_NETWORK_CONNECTION:
        // `input` carries the accepted socket's descriptor.
        return loop.keepsNewConnection(Int32(truncatingIfNeeded: Int(bitPattern: input))) ? 0 : 1
    case LWS_CALLBACK_FILTER_PROTOCOL_CONNECTION:
        return loop.acceptsUpgrade(wsi) ? 0 : 1
    case LWS_CALLBACK_ESTABLISHED:
        guard let slot else { return -1 }
        loop.webSocketOpened(wsi, slot: slot)
        return 0
    case LWS_CALLBACK_RECEIVE:
        guard let session = object(WebSocketSession.self, in: slot) else { return -1 }
        return loop.webSocketReceived(session, UnsafeRawBufferPointer(start: input, count: length))
    case LWS_CALLBACK_SERVER_WRITEABLE:
        guard let session = object(WebSocketSession.self, in: slot) else { return 0 }
        return loop.webSocketWriteable(session)
    case LWS_CALLBACK_RECEIVE_PONG:
        if let session = object(WebSocketSession.self, in: slot) { loop.heard(session) }
        return 0
    case LWS_CALLBACK_WS_PEER_INITIATED_CLOSE:
        guard let session = object(WebSocketSession.self, in: slot) else { return 0 }
        return loop.webSocketPeerClosing(session, payload: input, length: length)
    case LWS_CALLBACK_CLOSED:
        guard let slot, let session = object(WebSocketSession.self, in: slot) else { return 0 }
        slot.pointee = nil
        loop.webSocketClosed(session)
        return 0
    case LWS_CALLBACK_HTTP:
        guard let slot else { return -1 }
        return loop.httpRequest(wsi, slot: slot)
    case LWS_CALLBACK_HTTP_WRITEABLE:
        guard let slot, let exchange = object(HTTPExchange.self, in: slot) else { break }
        return loop.httpWriteable(exchange, slot: slot)
    case LWS_CALLBACK_CLOSED_HTTP, LWS_CALLBACK_HTTP_DROP_PROTOCOL:
        if let slot, let exchange = object(HTTPExchange.self, in: slot) {
            slot.pointee = nil
            loop.httpAbandoned(exchange)
        }
    default:
        break
    }
    return lws_callback_http_dummy(wsi, reason, user, input, length)
}

/// The loop a callback's context belongs to (the context's user pointer; the loop owns it).
func callbackLoop<Loop: AnyObject>(_ type: Loop.Type, of wsi: OpaquePointer) -> Loop? {
    guard let pointer = lws_context_user(lws_get_context(wsi)) else { return nil }
    return Unmanaged<Loop>.fromOpaque(pointer).takeUnretainedValue()
}

/// The object a per-session slot points to (the loop's dictionaries own it).
func object<T: AnyObject>(_ type: T.Type, in slot: UnsafeMutablePointer<UnsafeMutableRawPointer?>?) -> T? {
    guard let pointer = slot?.pointee else { return nil }
    return Unmanaged<T>.fromOpaque(pointer).takeUnretainedValue()
}
