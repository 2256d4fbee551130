import PokeAPI

/// Reads the server's action-latency histogram (`ServerActionLatency`) when a phase starts and
/// again when it ends, through the project's HTTP client.
struct ServerLatencyMeter: Sendable {
    private let url: String
    private let http: HTTPClient?
    private let start: ServerActionLatency?

    init(target: LoadTarget) async {
        url = "http://\(target.host):\(target.port)/metrics"
        http = try? HTTPClient()
        start = await Self.read(url, http)
    }

    /// The actions the server handled since the meter was made; nil if either read failed.
    func finish() async -> ServerActionLatency? {
        guard let start, let now = await Self.read(url, http) else { return nil }
        return now.since(start)
    }

    private static func read(_ url: String, _ http: HTTPClient?) async -> ServerActionLatency? {
        guard let http,
              let response = try? await http.get(url, timeouts: HTTPTimeouts(connect: .seconds(2), total: .seconds(5))),
              response.status == 200 else { return nil }
        return ServerActionLatency(metrics: String(decoding: response.body, as: UTF8.self))
    }
}
