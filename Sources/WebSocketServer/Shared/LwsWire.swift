import CLibWebSockets
import Synchronization

/// The lws calls both the server and the client make on a websocket, on the service thread.
enum LwsWire {
    static let headroom = Int(lws_swift_pre())

    /// The full value of a request header, or nil when absent.
    static func header(_ wsi: OpaquePointer, _ token: lws_token_indexes) -> String? {
        let length = Int(lws_hdr_total_length(wsi, token))
        guard length > 0 else { return nil }
        var buffer = [CChar](repeating: 0, count: length + 1)
        guard lws_hdr_copy(wsi, &buffer, Int32(buffer.count), token) >= 0 else { return nil }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The peer's IP address, without the `::ffff:` of IPv4-mapped IPv6.
    static func peerAddress(_ wsi: OpaquePointer) -> String {
        var buffer = [CChar](repeating: 0, count: 64)
        guard lws_get_peer_simple(wsi, &buffer, buffer.count) != nil else { return "?" }
        let address = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return address.hasPrefix("::ffff:") ? String(address.dropFirst(7)) : address
    }

    /// True when the chunk just received ends its message.
    static func isLastChunk(_ wsi: OpaquePointer) -> Bool {
        lws_is_final_fragment(wsi) != 0 && lws_remaining_packet_payload(wsi) == 0
    }

    /// The status code in a close frame's payload; 1005 (no status) when it has none.
    static func closeCode(payload: UnsafeMutableRawPointer?, length: Int) -> UInt16 {
        guard let payload, length >= 2 else { return 1005 }
        let bytes = payload.assumingMemoryBound(to: UInt8.self)
        return UInt16(bytes[0]) << 8 | UInt16(bytes[1])
    }

    /// Whether the socket may take a queued message right away, outside a writeable callback
    /// (the queue has its say in `OutboundQueue.stepAtOnce`).
    ///
    /// Asking lws for a writeable callback costs two `epoll_ctl` calls and a turn of the loop
    /// per message, and a fan-out sends one message to thousands of connections at once. A
    /// connection whose last write lws could not hand to the kernel in full waits for the
    /// callback (lws keeps the rest and asks for it), and so does a close: only a callback's
    /// return value closes cleanly. A full socket is found by the write itself, which lws then
    /// buffers (`lws_send_pipe_choked` would also `poll()` the socket: a system call per message).
    static func canWriteAtOnce(_ wsi: OpaquePointer) -> Bool {
        lws_partial_buffered(wsi) == 0
    }

    /// Closes a connection whose write failed outside a callback (lws does it on its next turn).
    static func closeSoon(_ wsi: OpaquePointer) {
        lws_set_timeout(wsi, PENDING_TIMEOUT_USER_OK, LWS_TO_KILL_ASYNC)
    }

    /// Sets the close frame lws sends when the callback then returns -1.
    static func setCloseReason(_ wsi: OpaquePointer, code: UInt16, reason: String) {
        var bytes = Array(reason.utf8.prefix(123))
        lws_close_reason(wsi, lws_close_status(UInt32(code)), &bytes, bytes.count)
    }
}

/// Writes one queued message per writeable callback, with the headroom lws needs before it.
/// Service-thread scratch: one per loop.
struct MessageWriter {
    enum Outcome {
        /// One message of `bytes` payload bytes written.
        case wrote(bytes: Int)
        case idle
        /// The callback must return -1 (close frame set, or the write failed).
        case close
        /// See `OutboundQueue.WriteStep.drained`.
        case drained
    }

    private var buffer: [UInt8] = []

    /// Writes a ping; false if the write failed (the callback must return -1). It carries one
    /// byte because lws 4.1 drops an empty pong without telling the protocol.
    mutating func ping(_ wsi: OpaquePointer) -> Bool {
        if buffer.count < LwsWire.headroom + 1 { buffer = [UInt8](repeating: 0, count: LwsWire.headroom + 1) }
        return buffer.withUnsafeMutableBufferPointer { storage in
            storage[LwsWire.headroom] = UInt8(ascii: "k")
            return lws_write(wsi, storage.baseAddress! + LwsWire.headroom, 1, LWS_WRITE_PING) >= 0
        }
    }

    mutating func perform(_ step: OutboundQueue.WriteStep, on wsi: OpaquePointer) -> Outcome {
        switch step {
        case .idle:
            return .idle
        case .drained:
            return .drained
        case .close(let request):
            LwsWire.setCloseReason(wsi, code: request.code, reason: request.reason)
            return .close
        case .message(let queued, let hasMore):
            let count = queued.text.count
            let needed = LwsWire.headroom + count
            if buffer.count < needed { buffer = [UInt8](repeating: 0, count: needed) }
            let written = buffer.withUnsafeMutableBufferPointer { storage in
                let payload = storage.baseAddress! + LwsWire.headroom
                queued.text.write(to: payload)
                return lws_write(wsi, payload, count, queued.isBinary ? LWS_WRITE_BINARY : LWS_WRITE_TEXT)
            }
            // Keep at most 64 KiB of scratch after a large message.
            if buffer.count > 64 * 1024 + LwsWire.headroom { buffer = [] }
            guard written >= 0 else { return .close }
            if hasMore { lws_callback_on_writable(wsi) }
            return .wrote(bytes: count)
        }
    }
}
