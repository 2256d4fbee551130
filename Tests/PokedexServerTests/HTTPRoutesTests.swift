import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import PokedexServer
import XCTest

/// The app's own HTTP routes beside the static client.
final class HTTPRoutesTests: ServerTestCase {
    override func configure(_ options: inout ServerOptions) {
        options.webRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../web").path
    }

    func get(_ path: String) async throws -> (status: Int, type: String?, body: String) {
        let url = URL(string: "http://127.0.0.1:\(server.port)\(path)")!
        let (data, response) = try await URLSession.shared.data(from: url)
        let http = try XCTUnwrap(response as? HTTPURLResponse)
        return (http.statusCode, http.value(forHTTPHeaderField: "Content-Type"), String(decoding: data, as: UTF8.self))
    }

    func testHealthzMetricsSpritesAndTheClient() async throws {
        let health = try await get("/healthz")
        XCTAssertEqual(health.status, 200)
        XCTAssertEqual(health.body, "ok\n")

        let metrics = try await get("/metrics")
        XCTAssertEqual(metrics.status, 200)
        for name in ["pokedex_sessions ", "pokedex_actions_total ", "pokedex_patches_total ", "pokedex_bytes_out_total ",
                     "pokedex_action_latency_seconds_bucket{le=\"0.005\"}", "pokedex_action_latency_seconds_count "] {
            XCTAssertTrue(metrics.body.contains(name), "missing \(name)")
        }

        let sprite = try await get("/sprites/25.png")
        XCTAssertEqual(sprite.status, 200)
        XCTAssertEqual(sprite.type, "image/svg+xml")
        XCTAssertTrue(sprite.body.contains("<svg"))

        let page = try await get("/")
        XCTAssertEqual(page.status, 200)
        XCTAssertTrue(page.body.contains("<script type=\"module\""))

        let missing = try await get("/sprites/abc.png")
        XCTAssertEqual(missing.status, 404)
    }
}
