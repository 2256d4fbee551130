/// Where a server's websocket is: `ws[s]://host:port/path`.
public struct LoadTarget: Sendable, Equatable {
    public var host: String
    public var port: Int
    /// The websocket's path, query included (`/ws`).
    public var path: String
    /// TLS (`wss://`, or an `https://` base URL).
    public var isSecure: Bool

    public init(host: String, port: Int, path: String = "/ws", isSecure: Bool = false) {
        self.host = host
        self.port = port
        self.path = path
        self.isSecure = isSecure
    }

    /// Parses a websocket URL (`ws://host[:port][/path]`, `wss://…`; the path defaults to `/ws`)
    /// or a site's base URL (`http://host[:port][/prefix]`, `https://…`, whose websocket is at
    /// `prefix/ws`). Without a port: 80, or 443 for TLS. IPv6 hosts go in brackets.
    public init(url: String) throws(LoadTargetError) {
        guard let separator = url.range(of: "://") else { throw .noScheme }
        let scheme = url[..<separator.lowerBound].lowercased()
        let isWebSocket: Bool
        switch scheme {
        case "ws": (isWebSocket, isSecure) = (true, false)
        case "wss": (isWebSocket, isSecure) = (true, true)
        case "http": (isWebSocket, isSecure) = (false, false)
        case "https": (isWebSocket, isSecure) = (false, true)
        default: throw .unsupportedScheme(scheme)
        }
        let rest = url[separator.upperBound...]
        let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        var remainder = String(rest[authority.endIndex...])
        if let fragment = remainder.firstIndex(of: "#") { remainder = String(remainder[..<fragment]) }
        guard !authority.contains("@") else { throw .userInfo }
        let (host, portText) = try Self.split(authority)
        guard !host.isEmpty else { throw .noHost }
        if let portText {
            guard let port = Int(portText), (1...65535).contains(port) else { throw .badPort(String(portText)) }
            self.port = port
        } else {
            port = isSecure ? 443 : 80
        }
        self.host = host
        if isWebSocket {
            path = remainder.isEmpty ? "/ws" : remainder.hasPrefix("?") ? "/ws" + remainder : remainder
        } else {
            guard !remainder.contains("?") else { throw .queryInBaseURL }
            let prefix = remainder.hasSuffix("/") ? String(remainder.dropLast()) : remainder
            path = prefix + "/ws"
        }
    }

    /// `host:port` into its parts; an IPv6 host comes out without its brackets.
    private static func split(_ authority: Substring) throws(LoadTargetError) -> (host: String, port: Substring?) {
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { throw .noHost }
            let host = String(authority[authority.index(after: authority.startIndex)..<close])
            let after = authority[authority.index(after: close)...]
            if after.isEmpty { return (host, nil) }
            guard after.hasPrefix(":") else { throw .noHost }
            return (host, after.dropFirst())
        }
        guard let colon = authority.lastIndex(of: ":") else { return (String(authority), nil) }
        return (String(authority[..<colon]), authority[authority.index(after: colon)...])
    }

    /// 127.0.0.0/8, `::1` and `localhost`; names other than `localhost` are not resolved.
    public var isLoopback: Bool {
        if host == "localhost" || host == "::1" { return true }
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4, parts.allSatisfy({ UInt8($0) != nil }) else { return false }
        return parts[0] == "127"
    }

    /// `host:port` as it goes in a URL.
    private var authority: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }

    /// The websocket URL, as the report names the target.
    public var url: String { "\(isSecure ? "wss" : "ws")://\(authority)\(path)" }

    /// The server's `/metrics` beside the websocket: the path's last segment replaced.
    public var metricsURL: String {
        let pathOnly = path.prefix { $0 != "?" }
        let prefix = pathOnly.lastIndex(of: "/").map { pathOnly[..<$0] } ?? ""
        return "\(isSecure ? "https" : "http")://\(authority)\(prefix)/metrics"
    }
}

/// Why `--url` was refused.
public enum LoadTargetError: Error, Equatable, CustomStringConvertible {
    case noScheme
    case unsupportedScheme(String)
    case noHost
    case userInfo
    case badPort(String)
    case queryInBaseURL

    public var description: String {
        switch self {
        case .noScheme: "it has no scheme (ws://, wss://, http:// or https://)"
        case let .unsupportedScheme(scheme): "'\(scheme)://' is not ws://, wss://, http:// or https://"
        case .noHost: "it names no host"
        case .userInfo: "user names and passwords in the URL are not supported"
        case let .badPort(text): "the port '\(text)' is not a number in 1…65535"
        case .queryInBaseURL: "a base URL (http:// or https://) takes no query; give the ws:// or wss:// URL instead"
        }
    }
}
