import CLibWebSockets

/// The lws creation info for the server: one protocol for HTTP and /ws, a file mount at `/`,
/// no lws keepalive (the loop's sweep does it). Everything it points to lives in the loop's
/// `CAllocations`.
enum ServerContextInfo {
    static let protocolName = "app"

    /// The bytes of a websocket message lws hands the server at a time. lws keeps a buffer of
    /// this size for every connection, for as long as it is open; a message longer than it
    /// arrives in pieces, which the connection reassembles (`MessageAssembler`). A browser's
    /// frames are actions, nearly all far shorter.
    static let receiveChunkBytes = 1024

    /// The most bytes lws hands the kernel in one send. With none given, lws caps a send at the
    /// receive buffer (`receiveChunkBytes`), so a 6 KB snapshot went out as six sends, each
    /// after a trip through the event loop. This is only a cap (lws keeps no buffer of this
    /// size): a frame goes out in one send whenever the socket takes it, and what the socket
    /// does not take waits in lws's own queue for the next writeable.
    static let sendChunkBytes = 1 << 20

    /// MIME types lws does not know.
    static let extraMimeTypes = [
        (".mjs", "text/javascript"),
        (".webmanifest", "application/manifest+json"),
        (".wasm", "application/wasm"),
        (".map", "application/json"),
        (".ico", "image/x-icon"),
    ]

    /// A context that does not `listen` serves the sockets other threads hand it.
    static func make(_ configuration: ServerConfiguration, listens: Bool, allocations: CAllocations) -> lws_context_creation_info {
        var info = lws_context_creation_info()
        info.port = listens ? Int32(configuration.port) : CONTEXT_PORT_NO_LISTEN_SERVER
        info.iface = allocations.string(configuration.host)
        info.gid = -1
        info.uid = -1
        info.options = UInt64(LWS_SERVER_OPTION_VALIDATE_UTF8)
        let name = allocations.string(protocolName)
        info.protocols = UnsafePointer(allocations.array([
            lws_protocols(name: name, callback: { serviceLoopCallback(ServerLoop.self, $0, $1, $2, $3, $4) },
                          per_session_data_size: MemoryLayout<UnsafeRawPointer>.size,
                          rx_buffer_size: receiveChunkBytes, id: 0, user: nil, tx_packet_size: sendChunkBytes),
            lws_protocols(),
        ]))
        if let root = configuration.staticRoot {
            info.mounts = UnsafePointer(staticMount(root: root, configuration, protocolName: name, allocations))
        }
        info.headers = UnsafePointer(defaultHeaders(configuration.defaultHeaders, allocations))
        // All zero: no per-connection validity timer (see ServerLoop+Keepalive).
        info.retry_and_idle_policy = UnsafePointer(allocations.value(lws_retry_bo_t()))
        return info
    }

    /// The vhost's canned headers: lws adds them wherever it starts a response's headers
    /// (`lws_add_http_header_status`), which every response goes through, its own errors and
    /// static files included. Names carry their colon, as lws writes them as given.
    private static func defaultHeaders(_ headers: [String: String], _ allocations: CAllocations) -> UnsafeMutablePointer<lws_protocol_vhost_options>? {
        var list: UnsafeMutablePointer<lws_protocol_vhost_options>?
        // Sorted: the same order on every response and every run.
        for (name, value) in headers.sorted(by: { $0.key > $1.key }) {
            list = allocations.value(lws_protocol_vhost_options(
                next: UnsafePointer(list), options: nil,
                name: allocations.string(name.lowercased() + ":"), value: allocations.string(value)))
        }
        return list
    }

    private static func staticMount(root: String, _ configuration: ServerConfiguration,
                                     protocolName: UnsafePointer<CChar>,
                                     _ allocations: CAllocations) -> UnsafeMutablePointer<lws_http_mount> {
        var mimeTypes: UnsafeMutablePointer<lws_protocol_vhost_options>?
        for (suffix, type) in extraMimeTypes {
            mimeTypes = allocations.value(lws_protocol_vhost_options(
                next: UnsafePointer(mimeTypes), options: nil,
                name: allocations.string(suffix), value: allocations.string(type)))
        }
        var mount = lws_http_mount()
        mount.mountpoint = allocations.string("/")
        mount.mountpoint_len = 1
        mount.origin = allocations.string(root)
        mount.def = allocations.string("index.html")
        // Requests for files that do not exist fall through to this protocol's LWS_CALLBACK_HTTP.
        mount.protocol = protocolName
        mount.extra_mimetypes = UnsafePointer(mimeTypes)
        mount.cache_max_age = Int32(configuration.staticCacheMaxAgeSeconds)
        mount.cache_reusable = 1
        mount.cache_revalidate = 1
        mount.origin_protocol = UInt8(LWSMPRO_FILE.rawValue)
        return allocations.value(mount)
    }
}
