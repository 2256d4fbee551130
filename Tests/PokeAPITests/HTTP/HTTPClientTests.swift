import PokeAPI
import PokemonClient
import XCTest

final class HTTPClientTests: XCTestCase {
    private var server: TestHTTPServer!
    private var http: HTTPClient!

    override func setUpWithError() throws {
        server = try TestHTTPServer()
        http = try HTTPClient()
    }

    override func tearDown() {
        server.stop()
    }

    func testReturnsStatusBodyAndContentType() async throws {
        server.serve("/pokemon/1", "{\"id\":1}")
        server.serve("/sprite.png", [0x89, 0x50, 0x4E, 0x47], contentType: "image/png")

        let json = try await http.get(server.baseURL + "/pokemon/1")
        XCTAssertEqual(json, HTTPResponse(status: 200, body: Array("{\"id\":1}".utf8), contentType: "application/json"))
        let png = try await http.get(server.baseURL + "/sprite.png")
        XCTAssertEqual(png.body, [0x89, 0x50, 0x4E, 0x47])
        XCTAssertEqual(png.contentType, "image/png")
        let missing = try await http.get(server.baseURL + "/nothing")
        XCTAssertEqual(missing.status, 404, "a status is an answer, not an error")
    }

    func testRunsTransfersConcurrentlyOnTheOneMultiHandle() async throws {
        for id in 1...8 {
            server.serve("/pokemon/\(id)", "{\"id\":\(id)}")
            server.inject(.holdUntilInFlight(8), at: "/pokemon/\(id)")
        }
        let http = self.http!, baseURL = server.baseURL
        let bodies = try await withThrowingTaskGroup(of: [UInt8].self) { group in
            for id in 1...8 { group.addTask { try await http.get(baseURL + "/pokemon/\(id)").body } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        XCTAssertEqual(Set(bodies), Set((1...8).map { Array("{\"id\":\($0)}".utf8) }))
        XCTAssertEqual(server.snapshot.maxInFlight, 8)
    }

    func testATransferPastItsTimeoutIsTimedOutAndItsConnectionClosed() async throws {
        server.serve("/slow", "{}")
        server.inject(.delay(seconds: 10), at: "/slow")
        do {
            _ = try await http.get(server.baseURL + "/slow", timeouts: HTTPTimeouts(connect: .seconds(2), total: .milliseconds(300)))
            XCTFail("expected a timeout")
        } catch {
            XCTAssertEqual(error as? PokemonClientError, .timedOut)
        }
        XCTAssertTrue(server.wait { $0.closedEarly["/slow"] == 1 })
    }

    func testARefusedConnectionIsANetworkError() async throws {
        let closedPort = server.port
        server.stop()
        do {
            _ = try await http.get("http://127.0.0.1:\(closedPort)/pokemon/1")
            XCTFail("expected connection refused")
        } catch let PokemonClientError.network(message) {
            XCTAssertTrue(message.lowercased().contains("connect"), message)
        }
    }

    func testAResetConnectionIsANetworkError() async throws {
        server.inject(.reset, at: "/pokemon/1")
        do {
            _ = try await http.get(server.baseURL + "/pokemon/1")
            XCTFail("expected a reset")
        } catch let PokemonClientError.network(message) {
            XCTAssertFalse(message.isEmpty)
        }
    }

    func testCancellingTheTaskAbortsTheTransfer() async throws {
        server.serve("/slow", "{}")
        server.inject(.delay(seconds: 30), at: "/slow")
        let http = self.http!, url = server.baseURL + "/slow"
        let transfer = Task { try await http.get(url) }
        XCTAssertTrue(server.wait { $0.requests["/slow"] == 1 }, "the request reached the server")

        transfer.cancel()
        do {
            _ = try await transfer.value
            XCTFail("expected cancellation")
        } catch {
            XCTAssertTrue(error is CancellationError, "\(error)")
        }
        XCTAssertTrue(server.wait { $0.closedEarly["/slow"] == 1 }, "the server saw the connection closed")
    }

    func testATaskCancelledBeforeItStartsNeverReachesTheServer() async throws {
        server.serve("/pokemon/1", "{}")
        let http = self.http!, url = server.baseURL + "/pokemon/1"
        let transfer = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await http.get(url)
        }
        do {
            _ = try await transfer.value
            XCTFail("expected cancellation")
        } catch {
            XCTAssertTrue(error is CancellationError, "\(error)")
        }
        _ = try await http.get(url)
        XCTAssertEqual(server.snapshot.requests["/pokemon/1"], 1, "only the second request was sent")
    }
}
