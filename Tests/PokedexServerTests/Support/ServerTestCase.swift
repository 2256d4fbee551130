import Foundation
@testable import PokedexServer
import WebSocketServer
import XCTest

/// A test case with the real server on an ephemeral loopback port (its SQLite file in a
/// fresh folder) and a libwebsockets client to drive it.
class ServerTestCase: XCTestCase {
    var server: PokedexServer!
    var client: WebSocketClient!
    var directory = ""

    /// Options a subclass may adjust before the server starts.
    func configure(_ options: inout ServerOptions) {}

    /// The clock of the server's rate limits: stepped by hand, it stands still unless a test
    /// advances it, so a burst is refused however slowly the machine runs.
    let limitClock = ManualClock()

    override func setUp() async throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("pokedex-\(UUID().uuidString)").path
        var options = ServerOptions()
        options.port = 0
        options.graceSeconds = 30
        options.database = directory + "/pokedex.sqlite"
        // No sprite leaves the machine: a port nothing listens on makes every one a placeholder.
        options.spritesURL = "http://127.0.0.1:9"
        configure(&options)
        server = try PokedexServer(options: options, environment: .live(options, clock: limitClock.stepsLimitsOnly))
        try server.start()
        client = try WebSocketClient()
    }

    override func tearDown() async throws {
        client.shutdown()
        await server.shutdown()
        try? FileManager.default.removeItem(atPath: directory)
    }
}
