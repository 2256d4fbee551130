import XCTest
@testable import WebSocketServer

/// `wss://` from the client: only from a client set up for TLS, and a TLS handshake really
/// happens (a plain server cannot answer it). A handshake that succeeds is run against nginx by
/// scripts/loadtest-tls.
final class ClientTLSTests: XCTestCase {
    func testASecureConnectionNeedsAClientSetUpForTLS() async throws {
        let client = try WebSocketClient()
        defer { client.shutdown() }
        let connection = client.connect(port: 9, secure: true)
        let event = try await connection.nextEvent()
        XCTAssertEqual(event, .error("wss:// needs a client made with ClientConfiguration.tls"))
    }

    func testATLSClientSpeaksTLSWhichAPlainServerCannotAnswer() async throws {
        let (server, _) = try startServer()
        var configuration = ClientConfiguration()
        configuration.tls = ClientTLS(verifiesCertificate: false)
        let client = try WebSocketClient(configuration: configuration)
        defer { client.shutdown() }
        let secure = client.connect(port: server.port, secure: true)
        let event = try await secure.nextEvent()
        guard case .error = event else { return XCTFail("a TLS hello to a plain server opened: \(event)") }
        // The same client still makes plain connections.
        let plain = client.connect(port: server.port)
        try await plain.waitUntilOpen()
    }
}
