import Foundation
import PokedexServer
import WebSocketServer

/// Median seconds from sending a navigation between two details to reading the patch that
/// acknowledges it, on a fresh server with 100 rows loaded (the sync suite's state), with or
/// without `--debug` (which keeps every action's state diff).
func navigationRoundTrip(debug: Bool, in directory: String, repeats: Int = 301) async throws -> Double {
    let (server, client, session) = try await BenchSession.start(in: directory, debug: debug)
    defer { client.shutdown() }
    _ = try await session.loadPages()
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
