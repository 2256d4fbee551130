import CLibWebSockets

/// The client's lws callback: finds the loop (context user pointer) and the connection's
/// session (the connection's user pointer) and hands the event over.
func clientCallback(
    _ wsi: OpaquePointer?, _ reason: lws_callback_reasons,
    _ user: UnsafeMutableRawPointer?, _ input: UnsafeMutableRawPointer?, _ length: Int
) -> Int32 {
    guard let wsi, let loop = callbackLoop(ClientLoop.self, of: wsi) else {
        return lws_callback_http_dummy(wsi, reason, user, input, length)
    }
    let session = user.map { Unmanaged<ClientSession>.fromOpaque($0).takeUnretainedValue() }

    switch reason {
    case LWS_CALLBACK_EVENT_WAIT_CANCELLED:
        loop.drainMailbox()
    case LWS_CALLBACK_CLIENT_ESTABLISHED:
        guard let session else { return -1 }
        loop.opened(session, wsi: wsi)
        session.connection.deliver(.opened)
        // Anything sent before the connection opened.
        lws_callback_on_writable(wsi)
    case LWS_CALLBACK_CLIENT_RECEIVE:
        guard let session else { return -1 }
        let chunk = UnsafeRawBufferPointer(start: input, count: length)
        switch session.assembler.append(chunk, isLast: LwsWire.isLastChunk(wsi)) {
        case .incomplete:
            break
        case .complete(let message):
            session.connection.deliver(.text(message))
        case .tooBig:
            session.closeCode = 1009
            LwsWire.setCloseReason(wsi, code: 1009, reason: "message too big")
            return -1
        }
    case LWS_CALLBACK_CLIENT_WRITEABLE:
        guard let session else { return 0 }
        return loop.writeNext(session, on: wsi) ? 0 : -1
    case LWS_CALLBACK_WS_PEER_INITIATED_CLOSE:
        session?.closeCode = LwsWire.closeCode(payload: input, length: length)
    case LWS_CALLBACK_CLIENT_CLOSED:
        if let session { loop.finish(session, with: .closed(code: session.closeCode ?? 1006)) }
    case LWS_CALLBACK_CLIENT_CONNECTION_ERROR:
        let text = input.map { String(cString: $0.assumingMemoryBound(to: CChar.self)) } ?? "connection failed"
        if let session {
            session.wsi = wsi
            loop.finish(session, with: .error(text))
        }
    case LWS_CALLBACK_WSI_DESTROY:
        // lws ends some connections that close mid-handshake (its own timeout while the
        // server has not answered the upgrade) with no CONNECTION_ERROR: a session still
        // tracked here never heard its end, and its owner would wait for it forever.
        if let session, loop.isTracking(session) {
            session.wsi = nil
            loop.finish(session, with: .error("the connection closed before the websocket opened (no upgrade answer from the server)"))
        }
        return lws_callback_http_dummy(wsi, reason, user, input, length)
    default:
        return lws_callback_http_dummy(wsi, reason, user, input, length)
    }
    return 0
}
