import Foundation
import StateSync
import WebSocketServer
import XCTest

/// The server as it runs in production: a process that drains on SIGTERM and loses nothing it
/// acknowledged when it is killed.
final class ServerProcessTests: XCTestCase {
    var client: WebSocketClient!
    var directory = ""

    override func setUp() async throws {
        guard FileManager.default.isExecutableFile(atPath: ServerProcess.executable.path) else {
            throw XCTSkip("build the server first (swift build --build-tests builds it)")
        }
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("pokedex-\(UUID().uuidString)").path
        client = try WebSocketClient()
    }

    override func tearDown() async throws {
        client.shutdown()
        try? FileManager.default.removeItem(atPath: directory)
    }

    func testSIGTERMClosesEverySessionWith1001AndExitsCleanly() async throws {
        let server = try ServerProcess(database: directory + "/pokedex.sqlite")
        let sessions = [
            try await TestSession.open(client, port: server.port),
            try await TestSession.open(client, port: server.port, route: "/pokemon/25"),
        ]
        server.signal(SIGTERM)
        for session in sessions {
            let code = try await session.connection.closeCode(timeout: .seconds(10))
            XCTAssertEqual(code, 1001)
        }
        XCTAssertEqual(server.exitStatus(), 0)
    }

    func testAKilledServerLosesNoAcknowledgedChange() async throws {
        let database = directory + "/pokedex.sqlite"
        let first = try ServerProcess(database: database)
        let session = try await TestSession.open(client, port: first.port)
        let token = try XCTUnwrap(session.token)
        var acknowledged: Set<Int> = []
        for id in stride(from: 1, through: 60, by: 3) {
            let refusal = try await session.perform(["list": ["favoriteTapped": ["id": .int(id)]]])
            XCTAssertNil(refusal)
            acknowledged.insert(id)
        }
        // One more write that may or may not land: the kill races it.
        _ = session.send(["list": ["favoriteTapped": ["id": 100]]])
        first.signal(SIGKILL)
        _ = first.exitStatus()

        let second = try ServerProcess(database: database)
        let reopened = try await TestSession.open(client, port: second.port, token: token)
        XCTAssertEqual(reopened.favorites.subtracting([100]), acknowledged)
        XCTAssertEqual(reopened.userID, session.userID)
        second.signal(SIGTERM)
        XCTAssertEqual(second.exitStatus(), 0)
    }
}
