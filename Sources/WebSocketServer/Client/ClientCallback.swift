import CLibWebSockets

extension ClientLoop {
    /// The client's lws callbacks (`serviceLoopCallback` finds the loop): finds the
    /// connection's session (the connection's user pointer) and hands the event over.
    func handle(_ call: LwsCallbackCall) -> Int32 {
        let (wsi, input, length) = (call.wsi, call.input, call.length)
        let session = call.user.map { Unmanaged<ClientSession>.fromOpaque($0).takeUnretainedValue() }

        switch call.reason {
        case LWS_CALLBACK_CLIENT_ESTABLISHED:
            guard let session else { return -1 }
            opened(session, wsi: wsi)
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
            return writeNext(session, on: wsi) ? 0 : -1
        case LWS_CALLBACK_WS_PEER_INITIATED_CLOSE:
            session?.closeCode = LwsWire.closeCode(payload: input, length: length)
        case LWS_CALLBACK_CLIENT_CLOSED:
            if let session { finish(session, with: .closed(code: session.closeCode ?? 1006)) }
        case LWS_CALLBACK_CLIENT_CONNECTION_ERROR:
            let text = input.map { String(cString: $0.assumingMemoryBound(to: CChar.self)) } ?? "connection failed"
            if let session {
                session.wsi = wsi
                finish(session, with: .error(text))
            }
        case LWS_CALLBACK_WSI_DESTROY:
            // lws ends some connections that close mid-handshake (its own timeout while the
            // server has not answered the upgrade) with no CONNECTION_ERROR: a session still
            // tracked here never heard its end, and its owner would wait for it forever.
            if let session, isTracking(session) {
                session.wsi = nil
                finish(session, with: .error("the connection closed before the websocket opened (no upgrade answer from the server)"))
            }
            return call.passOn()
        default:
            return call.passOn()
        }
        return 0
    }
}
