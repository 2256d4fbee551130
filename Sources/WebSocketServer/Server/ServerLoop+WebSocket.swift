import CLibWebSockets

/// Websocket events on the service thread.
extension ServerLoop {
    func webSocketOpened(_ wsi: OpaquePointer, slot: UnsafeMutablePointer<UnsafeMutableRawPointer?>) {
        let connection = Connection(
            // The upgrade's headers are still attached when ESTABLISHED runs.
            id: nextID(), remoteAddress: LwsWire.peerAddress(wsi), forwardedFor: LwsWire.header(wsi, WSI_TOKEN_X_FORWARDED_FOR),
            admission: handler.admissionForNewConnection(),
            queueCapBytes: configuration.outboundQueueCapBytes, mailbox: mailbox, executor: executor, counters: counters)
        let session = WebSocketSession(wsi: wsi, connection: connection,
                                       maxMessageBytes: configuration.maxMessageBytes)
        sessions[connection.id] = session
        // Until the close lets it go (`markClosed`), which ends the cycle it makes.
        connection.core.writeAfterMail(as: session)
        slot.pointee = Unmanaged.passUnretained(session).toOpaque()
        counters.openConnections.add(1, ordering: .relaxed)
        log.info("ws.open", ["conn": "\(connection.id)", "addr": connection.remoteAddress])
        handler.connectionOpened(connection)
    }

    func webSocketReceived(_ session: WebSocketSession, _ chunk: UnsafeRawBufferPointer) -> Int32 {
        counters.bytesIn.addAsSoleWriter(chunk.count)
        heard(session)
        if session.isPeerClosing { return 0 }
        let isLast = LwsWire.isLastChunk(session.wsi)
        // Nearly every message is one chunk: read in lws's buffer, not copied into an array
        // first (a buffer made, filled and freed per frame).
        if session.assembler.isWhole(chunk, isLast: isLast) {
            received(session, chunk.assumingMemoryBound(to: UInt8.self).span)
            return 0
        }
        switch session.assembler.append(chunk, isLast: isLast) {
        case .incomplete:
            session.mayOwePong = true
        case .complete(let message):
            received(session, message.span)
        case .tooBig:
            return refuse(session, code: 1009, reason: "message too big")
        }
        return 0
    }

    /// Hands a whole message to the application.
    private func received(_ session: WebSocketSession, _ message: Span<UInt8>) {
        counters.messagesIn.addAsSoleWriter(1)
        isHandlingFrame = true
        defer { isHandlingFrame = false }
        // lws keeps the first frame's opcode for the message's continuation frames.
        if lws_frame_is_binary(session.wsi) != 0 {
            handler.connection(session.connection, didReceiveBinary: message.withUnsafeBufferPointer { Array($0) })
        } else {
            handler.connection(session.connection, didReceiveText: message)
        }
    }

    /// Closes the connection with `code`: the caller returns the -1 this gives.
    private func refuse(_ session: WebSocketSession, code: UInt16, reason: String) -> Int32 {
        log.warning("ws.error", ["conn": "\(session.connection.id)", "code": "\(code)", "reason": reason])
        session.closeCode = code
        LwsWire.setCloseReason(session.wsi, code: code, reason: reason)
        return -1
    }

    func webSocketWriteable(_ session: WebSocketSession) -> Int32 {
        // lws wrote any pong it owed before calling us.
        session.mayOwePong = false
        if session.needsPing {
            // This callback's one write; queued messages get the next callback.
            session.needsPing = false
            guard writer.ping(session.wsi) else { return -1 }
            lws_callback_on_writable(session.wsi)
            return 0
        }
        return writeNext(session) ? 0 : -1
    }

    /// Sends what was queued for `session`, at once when `LwsWire.canWriteAtOnce` (a pending
    /// ping, or a pong lws may owe, also waits for the writeable callback).
    func writeSoon(_ session: WebSocketSession) {
        guard !session.needsPing, !session.mayOwePong,
              let written = session.connection.core.writeAtOnce(with: &writer, on: session.wsi) else {
            lws_callback_on_writable(session.wsi)
            return
        }
        if !handle(written, session) { LwsWire.closeSoon(session.wsi) }
    }

    /// Writes the queue's next step; false when the connection must close.
    private func writeNext(_ session: WebSocketSession) -> Bool {
        handle(session.connection.core.writeNext(with: &writer, on: session.wsi), session)
    }

    /// Counts or answers what a write did; false when the connection must close.
    private func handle(_ written: ConnectionCore<ServerMail>.Written, _ session: WebSocketSession) -> Bool {
        switch written {
        case .wrote(let bytes):
            counters.bytesOut.addAsSoleWriter(bytes)
            counters.messagesOut.addAsSoleWriter(1)
        case .idle:
            break
        case .drained:
            handler.connectionDrained(session.connection)
        case .close(let code):
            if let code { session.closeCode = code }
            return false
        }
        return true
    }

    /// The peer's close frame: lws echoes it (return 0) or drops the socket (-1).
    func webSocketPeerClosing(_ session: WebSocketSession, payload: UnsafeMutableRawPointer?, length: Int) -> Int32 {
        session.isPeerClosing = true
        // Nothing more may be sent after the close lws is about to echo.
        session.connection.core.markClosed()
        guard length != 1 else {
            // A status code is two bytes: one is a protocol error, and lws would echo it as is.
            session.closeCode = 1002
            return -1
        }
        session.closeCode = LwsWire.closeCode(payload: payload, length: length)
        return 0
    }

    func webSocketClosed(_ session: WebSocketSession) {
        let connection = session.connection
        sessions[connection.id] = nil
        session.isClosed = true
        connection.core.markClosed()
        counters.openConnections.subtract(1, ordering: .relaxed)
        log.info("ws.close", ["conn": "\(connection.id)", "code": "\(session.closeCode)"])
        handler.connectionClosed(connection, code: session.closeCode)
        finishIfDrained()
    }
}
