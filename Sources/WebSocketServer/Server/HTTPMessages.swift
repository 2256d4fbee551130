/// A plain HTTP request the application may answer (`WebSocketHandler.handleHTTP`).
public struct HTTPRequest: Sendable {
    /// `GET`, `HEAD`, `POST`, …
    public var method: String
    /// The path without the query, e.g. `/sprites/25.png`.
    public var path: String
    /// The query without `?`, arguments joined by `&` (lws has already URL-decoded them).
    public var query: String
    /// Common request headers, names in lower case: host, origin, user-agent, accept,
    /// accept-encoding, if-none-match, authorization, cookie, content-type, x-forwarded-for.
    public var headers: [String: String]
    /// The peer's IP address (a proxy's, behind one: see `x-forwarded-for`).
    public var remoteAddress: String

    public init(method: String, path: String, query: String = "", headers: [String: String] = [:], remoteAddress: String = "") {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.remoteAddress = remoteAddress
    }

    /// The value of `name=value` in the query, if present.
    public func queryValue(_ name: String) -> String? {
        for argument in query.split(separator: "&") {
            let parts = argument.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            if parts[0] == name { return parts.count > 1 ? String(parts[1]) : "" }
        }
        return nil
    }
}

/// The application's answer to an `HTTPRequest`.
public struct HTTPResponse: Sendable {
    public var status: Int
    public var contentType: String
    /// Extra headers, e.g. `["cache-control": "max-age=3600"]`.
    public var headers: [String: String]
    public var body: [UInt8]

    public init(status: Int = 200, contentType: String, headers: [String: String] = [:], body: [UInt8]) {
        self.status = status
        self.contentType = contentType
        self.headers = headers
        self.body = body
    }

    public static func text(_ text: String, status: Int = 200) -> HTTPResponse {
        HTTPResponse(status: status, contentType: "text/plain; charset=utf-8", body: Array(text.utf8))
    }

    static let notFound = HTTPResponse.text("Not Found\n", status: 404)
}
