import WebSocketServer

/// The app's own HTTP routes beside the static files: `/healthz`, `/metrics`,
/// `/sprites/{id}.png`, and with `--debug` `/debug/sessions`.
struct HTTPRoutes: Sendable {
    let metrics: ServerMetricsRecorder
    let health: HealthCheck
    let connections: @Sendable () -> Int
    var debug: DebugRoutes? = nil
    let sprite: @Sendable (Int) async -> HTTPResponse

    func respond(to request: HTTPRequest) async -> HTTPResponse? {
        switch request.path {
        case "/healthz":
            // Off the service thread (handleHTTP runs in a task): the probe may wait for SQLite.
            var response = health.problem().map { HTTPResponse.text($0 + "\n", status: 503) } ?? .text("ok\n")
            response.headers["cache-control"] = "no-store"
            return response
        case "/metrics":
            return HTTPResponse(
                contentType: "text/plain; version=0.0.4; charset=utf-8",
                headers: ["cache-control": "no-store"],
                body: Array(metrics.render(connections: connections()).utf8)
            )
        default:
            if let answer = debug?.respond(to: request) { return answer }
            guard let id = Self.spriteID(request.path) else { return nil }
            return await sprite(id)
        }
    }

    /// `/sprites/25.png` → 25.
    static func spriteID(_ path: String) -> Int? {
        guard path.hasPrefix("/sprites/"), path.hasSuffix(".png") else { return nil }
        let digits = path.dropFirst("/sprites/".count).dropLast(".png".count)
        guard let id = Int(digits), id > 0, id < 100_000 else { return nil }
        return id
    }
}
