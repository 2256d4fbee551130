import PokedexServer
import WebSocketServer
import XCTest

/// The upgrade's Origin check, which only a real socket carries.
final class OriginTests: ServerTestCase {
    func testAForeignOriginIsRefusedAndTheServersOwnAccepted() async throws {
        let foreign = client.connect(port: server.port, origin: "http://evil.example")
        do {
            try await foreign.waitUntilOpen(timeout: .seconds(5))
            XCTFail("a foreign origin was accepted")
        } catch {}
        let own = client.connect(port: server.port, origin: "http://127.0.0.1:\(server.port)")
        try await own.waitUntilOpen(timeout: .seconds(5))
    }
}
