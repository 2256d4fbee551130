import PokeAPI

/// Reads the servers' action-latency histograms (`ServerActionLatency`) when a phase starts and
/// again when it ends, through the project's HTTP client, and adds up what every target handled
/// (the sessions are spread over them, so the phase's actions are the sum).
struct ServerLatencyMeter: Sendable {
    private let urls: [String]
    private let http: HTTPClient?
    private let start: [ServerActionLatency?]

    init(targets: [LoadTarget], trust: HTTPTrust) async {
        urls = targets.map(\.metricsURL)
        http = try? HTTPClient(trust: trust)
        var start: [ServerActionLatency?] = []
        for url in urls { start.append(await Self.read(url, http)) }
        self.start = start
    }

    /// The actions every server handled since the meter was made; nil if a read failed.
    func finish() async -> ServerActionLatency? {
        var total: ServerActionLatency?
        for (url, start) in zip(urls, start) {
            guard let start, let now = await Self.read(url, http), let part = now.since(start) else { return nil }
            guard let sum = total else { total = part; continue }
            guard let added = sum.adding(part) else { return nil }
            total = added
        }
        return total
    }

    private static func read(_ url: String, _ http: HTTPClient?) async -> ServerActionLatency? {
        guard let http,
              let response = try? await http.get(url, timeouts: HTTPTimeouts(connect: .seconds(2), total: .seconds(5))),
              response.status == 200 else { return nil }
        return ServerActionLatency(metrics: String(decoding: response.body, as: UTF8.self))
    }
}
