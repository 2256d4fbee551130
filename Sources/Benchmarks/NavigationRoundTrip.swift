import Foundation
import PokedexServer
import WebSocketServer

/// Median seconds from sending a navigation between two details to reading the patch that
/// acknowledges it, on a fresh server with 100 rows loaded (the sync suite's state), with or
/// without `--debug` (which keeps every action's state diff).
func navigationRoundTrip(debug: Bool, in directory: String, repeats: Int = 301) async throws -> Double {
    var options = ServerOptions()
    options.port = 0
    options.database = directory + "/pokedex.sqlite"
    options.limits = .unlimited
    options.debug = debug
    let server = try PokedexServer(options: options)
    try server.start()
    let client = try WebSocketClient()
    defer { client.shutdown() }
    let session = try await BenchSession(client: client, port: server.port, route: "/pokemon/25")
    try await session.read { $0.state["list"]?["status"] == "loaded" }
    for page in 1..<5 {
        _ = try await session.perform(["list": ["reachedEnd": [:]]]) { $0.state["list"]?["pages"]?.arrayValue?.count == page + 1 }
    }
    var samples: [Double] = []
    for index in 0..<repeats {
        let route = index % 2 == 0 ? "/pokemon/4" : "/pokemon/25"
        samples.append(try await Measure.secondsAsync {
            _ = try await session.perform(["navigate": ["route": .string(route)]]) { $0.acknowledged == $0.ref }
        })
    }
    await server.shutdown()
    samples.sort()
    return samples[samples.count / 2]
}
