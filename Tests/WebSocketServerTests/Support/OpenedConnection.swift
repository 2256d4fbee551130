import XCTest
@testable import WebSocketServer

/// A server, a client connected to it and open, and the server's side of that connection (its
/// executor is the service thread the connection lives on). All of it stops at teardown.
extension XCTestCase {
    func openConnection() async throws -> (server: Connection, client: ClientConnection) {
        let (server, handler) = try startServer()
        let client = try WebSocketClient()
        addTeardownBlock { client.shutdown() }
        let clientConnection = client.connect(port: server.port)
        try await clientConnection.waitUntilOpen()
        guard case .opened(let id) = try await handler.next(), let connection = handler.connection(id: id) else {
            throw ConnectionNotOpened()
        }
        return (connection, clientConnection)
    }
}

/// The server's handler heard no `opened` for the client's connection.
struct ConnectionNotOpened: Error {}
