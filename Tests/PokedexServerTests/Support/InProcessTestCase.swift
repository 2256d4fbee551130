import Foundation
@testable import PokedexServer
import StateSync
import XCTest

/// A test case with the server in process (`InProcessServer`): frames go in and come out
/// without a socket, its SQLite file is in a fresh folder, and its clock moves only when the
/// test advances it.
class InProcessTestCase: XCTestCase {
    var server: InProcessServer!
    let clock = ManualClock()
    var directory = ""

    /// Options a subclass may adjust before the server starts.
    func configure(_ options: inout ServerOptions) {}

    /// The environment a subclass may adjust before the server starts (e.g. stores on a clock
    /// of its own).
    func configure(_ environment: inout ServerEnvironment) {}

    override func setUp() async throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("pokedex-\(UUID().uuidString)").path
        var options = ServerOptions()
        options.graceSeconds = 30
        options.database = directory + "/pokedex.sqlite"
        // No sprite leaves the machine: a port nothing listens on makes every one a placeholder.
        options.spritesURL = "http://127.0.0.1:9"
        configure(&options)
        var environment = try ServerEnvironment.live(options, clock: clock.clock, logger: .silent)
        configure(&environment)
        server = InProcessServer(options: options, environment: environment)
    }

    override func tearDown() async throws {
        await server.shutdown()
        try? FileManager.default.removeItem(atPath: directory)
    }

    func open(token: String? = nil, resume: ClientMessage.Resume? = nil, route: String = "/") async throws -> TestSession {
        try await TestSession.open(server, token: token, resume: resume, route: route)
    }
}
