import Foundation
@testable import PokedexServer
import XCTest

/// A test case whose servers run in process on one SQLite file in a fresh folder, so a test
/// can stop one and start another on the same database: a restart, or another process.
class RestartTestCase: XCTestCase {
    var directory = ""

    override func setUp() {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("pokedex-\(UUID().uuidString)").path
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: directory)
    }

    func startServer() throws -> InProcessServer {
        var options = ServerOptions()
        options.database = directory + "/pokedex.sqlite"
        // No sprite leaves the machine: a port nothing listens on makes every one a placeholder.
        options.spritesURL = "http://127.0.0.1:9"
        let environment = try ServerEnvironment.live(options, logger: .silent)
        return InProcessServer(options: options, environment: environment)
    }
}
