import CLibWebSockets

/// Service-thread state of one HTTP request answered by the application: waits for the
/// response, then writes headers and body across writeable callbacks.
final class HTTPExchange {
    enum Progress {
        case waiting, writing, finished, failed
    }

    let id: UInt64
    let wsi: OpaquePointer
    private let isHead: Bool
    var response: HTTPResponse?
    private var headersSent = false
    private var bodyOffset = 0
    private static let chunkBytes = 16 * 1024

    init(id: UInt64, wsi: OpaquePointer, method: String) {
        self.id = id
        self.wsi = wsi
        self.isHead = method == "HEAD"
    }

    /// One write per writeable callback: the headers first, then the body in chunks.
    func writeNext() -> Progress {
        guard let response else { return .waiting }
        if !headersSent {
            guard writeHeaders(response) else { return .failed }
            headersSent = true
            if isHead || response.body.isEmpty { return .finished }
            lws_callback_on_writable(wsi)
            return .writing
        }
        let end = min(bodyOffset + Self.chunkBytes, response.body.count)
        let isFinal = end == response.body.count
        var buffer = [UInt8](repeating: 0, count: LwsWire.headroom + end - bodyOffset)
        buffer.replaceSubrange(LwsWire.headroom..., with: response.body[bodyOffset..<end])
        let written = buffer.withUnsafeMutableBufferPointer { storage in
            lws_write(wsi, storage.baseAddress! + LwsWire.headroom, end - bodyOffset,
                      isFinal ? LWS_WRITE_HTTP_FINAL : LWS_WRITE_HTTP)
        }
        guard written >= 0 else { return .failed }
        bodyOffset = end
        if isFinal { return .finished }
        lws_callback_on_writable(wsi)
        return .writing
    }

    private func writeHeaders(_ response: HTTPResponse) -> Bool {
        let extraBytes = response.headers.reduce(0) { $0 + $1.key.utf8.count + $1.value.utf8.count + 8 }
        var buffer = [UInt8](repeating: 0, count: LwsWire.headroom + 1024 + extraBytes)
        return buffer.withUnsafeMutableBufferPointer { storage in
            let start = storage.baseAddress! + LwsWire.headroom
            let end = storage.baseAddress! + storage.count
            var cursor: UnsafeMutablePointer<UInt8>? = start
            if lws_add_http_common_headers(wsi, UInt32(response.status), response.contentType,
                                           lws_filepos_t(response.body.count), &cursor, end) != 0 {
                return false
            }
            for (name, value) in response.headers {
                let added = (name.lowercased() + ":").withCString { name in
                    lws_add_http_header_by_name(wsi, UnsafeRawPointer(name).assumingMemoryBound(to: UInt8.self),
                                                value, Int32(value.utf8.count), &cursor, end)
                }
                if added != 0 { return false }
            }
            return lws_finalize_write_http_header(wsi, start, &cursor, end) == 0
        }
    }
}
