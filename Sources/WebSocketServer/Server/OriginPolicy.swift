/// Which browser origins may open a websocket: the server's own and the configured extras.
/// Requests without an Origin header (non-browser clients) are allowed.
struct OriginPolicy {
    private let allowed: Set<String>

    init(host: String, port: Int, extras: [String]) {
        var own = ["http://\(host):\(port)"]
        let loopbackNames = ["127.0.0.1", "localhost", "0.0.0.0", "::1", "[::1]"]
        if loopbackNames.contains(host) {
            own += ["http://localhost:\(port)", "http://127.0.0.1:\(port)", "http://[::1]:\(port)"]
        }
        allowed = Set((own + extras).map(Self.normalized))
    }

    func allows(_ origin: String?) -> Bool {
        guard let origin else { return true }
        return allowed.contains(Self.normalized(origin))
    }

    private static func normalized(_ origin: String) -> String {
        var value = origin.lowercased()
        while value.hasSuffix("/") { value.removeLast() }
        return value
    }
}
