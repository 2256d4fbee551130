import CLibWebSockets

/// HTTP requests no static file matched: answered by the application off the service thread,
/// written back on it.
extension ServerLoop {
    private static let methodTokens: [(lws_token_indexes, String)] = [
        (WSI_TOKEN_GET_URI, "GET"), (WSI_TOKEN_HEAD_URI, "HEAD"), (WSI_TOKEN_POST_URI, "POST"),
        (WSI_TOKEN_PUT_URI, "PUT"), (WSI_TOKEN_PATCH_URI, "PATCH"), (WSI_TOKEN_DELETE_URI, "DELETE"),
        (WSI_TOKEN_OPTIONS_URI, "OPTIONS"),
    ]

    private static let headerTokens: [(lws_token_indexes, String)] = [
        (WSI_TOKEN_HOST, "host"), (WSI_TOKEN_ORIGIN, "origin"), (WSI_TOKEN_HTTP_USER_AGENT, "user-agent"),
        (WSI_TOKEN_HTTP_ACCEPT, "accept"), (WSI_TOKEN_HTTP_ACCEPT_ENCODING, "accept-encoding"),
        (WSI_TOKEN_HTTP_IF_NONE_MATCH, "if-none-match"), (WSI_TOKEN_HTTP_AUTHORIZATION, "authorization"),
        (WSI_TOKEN_HTTP_COOKIE, "cookie"), (WSI_TOKEN_HTTP_CONTENT_TYPE, "content-type"),
        (WSI_TOKEN_X_FORWARDED_FOR, "x-forwarded-for"),
    ]

    func httpRequest(_ wsi: OpaquePointer, slot: UnsafeMutablePointer<UnsafeMutableRawPointer?>) -> Int32 {
        guard !isShuttingDown, let request = Self.request(on: wsi) else { return -1 }
        let exchange = HTTPExchange(id: nextID(), wsi: wsi, method: request.method)
        exchanges[exchange.id] = exchange
        slot.pointee = Unmanaged.passUnretained(exchange).toOpaque()
        // lws drops a request left unanswered for its default 5 s; the application may take longer.
        lws_set_timeout(wsi, PENDING_TIMEOUT_HTTP_CONTENT, Int32(clamping: configuration.httpResponseTimeout.components.seconds))
        let (handler, mailbox, exchangeID) = (handler, mailbox, exchange.id)
        Task {
            let response = await handler.handleHTTP(request) ?? .notFound
            mailbox.push(.httpResponse(exchangeID: exchangeID, response))
        }
        return 0
    }

    func httpWriteable(_ exchange: HTTPExchange, slot: UnsafeMutablePointer<UnsafeMutableRawPointer?>) -> Int32 {
        switch exchange.writeNext() {
        case .waiting, .writing:
            return 0
        case .failed:
            slot.pointee = nil
            httpAbandoned(exchange)
            return -1
        case .finished:
            slot.pointee = nil
            exchanges[exchange.id] = nil
            // Ready for the next request on a keep-alive connection, or close.
            return lws_http_transaction_completed(exchange.wsi) == 0 ? 0 : -1
        }
    }

    /// The connection went away (or failed) before the response was written.
    func httpAbandoned(_ exchange: HTTPExchange) {
        exchanges[exchange.id] = nil
    }

    private static func request(on wsi: OpaquePointer) -> HTTPRequest? {
        guard let (method, path) = methodTokens.lazy.compactMap({ token, method in
            LwsWire.header(wsi, token).map { (method, $0) }
        }).first else { return nil }
        var headers: [String: String] = [:]
        for (token, name) in headerTokens {
            if let value = LwsWire.header(wsi, token) { headers[name] = value }
        }
        return HTTPRequest(method: method, path: path,
                           query: LwsWire.header(wsi, WSI_TOKEN_HTTP_URI_ARGS) ?? "", headers: headers,
                           remoteAddress: LwsWire.peerAddress(wsi))
    }
}
