import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import PokedexServer
import WebSocketServer
import XCTest

/// `/healthz` is a readiness check: 200 `ok` only while sessions are accepted and storage
/// answers.
final class HealthTests: ServerTestCase {
    func get(_ path: String) async throws -> (status: Int, body: String) {
        let url = URL(string: "http://127.0.0.1:\(server.port)\(path)")!
        let (data, response) = try await URLSession.shared.data(from: url)
        return (try XCTUnwrap(response as? HTTPURLResponse).statusCode, String(decoding: data, as: UTF8.self))
    }

    func testReadyWhileServingThen503OnceShutdownStarted() async throws {
        let ready = try await get("/healthz")
        XCTAssertEqual(ready.status, 200)
        XCTAssertEqual(ready.body, "ok\n")

        // The first step of `shutdown()`, taken alone so the server still answers HTTP.
        server.beginDraining()
        let draining = try await get("/healthz")
        XCTAssertEqual(draining.status, 503)
        XCTAssertTrue(draining.body.hasPrefix("draining"), draining.body)
        XCTAssertEqual(draining.body.filter(\.isNewline).count, 1, "one line")
    }

    struct StorageDown: Error, CustomStringConvertible {
        var description: String { "disk I/O error\n(code 10)" }
    }

    func route(draining: Bool, storage: @escaping @Sendable () throws -> Void) async -> HTTPResponse? {
        let routes = HTTPRoutes(
            metrics: ServerMetricsRecorder(),
            health: HealthCheck(isDraining: { draining }, probeStorage: storage),
            connections: { 0 },
            sprite: { _ in .text("") }
        )
        return await routes.respond(to: HTTPRequest(method: "GET", path: "/healthz"))
    }

    func testStorageThatFailsIsReportedAs503WithItsReason() async throws {
        let failingResponse = await route(draining: false) { throw StorageDown() }
        let failing = try XCTUnwrap(failingResponse)
        XCTAssertEqual(failing.status, 503)
        XCTAssertEqual(String(decoding: failing.body, as: UTF8.self), "storage unavailable: disk I/O error (code 10)\n")

        let healthyResponse = await route(draining: false) {}
        let healthy = try XCTUnwrap(healthyResponse)
        XCTAssertEqual(healthy.status, 200)
        XCTAssertEqual(healthy.headers["cache-control"], "no-store")

        let drainingResponse = await route(draining: true) { throw StorageDown() }
        let drainingFirst = try XCTUnwrap(drainingResponse)
        XCTAssertEqual(drainingFirst.status, 503)
        XCTAssertTrue(String(decoding: drainingFirst.body, as: UTF8.self).hasPrefix("draining"))
    }

    /// The server's own probe reads through its database.
    func testTheServersProbeQueriesItsDatabase() async throws {
        let probe = HealthCheck(isDraining: { false }, probeStorage: { [database = server.database] in _ = try database.query("SELECT 1") })
        XCTAssertNil(probe.problem())
        let broken = HealthCheck(isDraining: { false }, probeStorage: { [database = server.database] in _ = try database.query("SELECT * FROM no_such_table") })
        XCTAssertNotNil(broken.problem())
    }
}
