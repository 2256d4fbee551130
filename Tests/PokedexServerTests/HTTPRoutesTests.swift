import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import PokedexServer
import StateSync
import TestSupport
import XCTest

/// The app's own HTTP routes beside the static client.
final class HTTPRoutesTests: ServerTestCase {
    override func configure(_ options: inout ServerOptions) {
        options.webRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../web").path
    }

    func get(_ path: String) async throws -> (status: Int, type: String?, body: String) {
        let (status, type, body, _) = try await getWithHeaders(path)
        return (status, type, body)
    }

    func getWithHeaders(_ path: String) async throws -> (status: Int, type: String?, body: String, headers: HTTPURLResponse) {
        let url = URL(string: "http://127.0.0.1:\(server.port)\(path)")!
        let (data, response) = try await URLSession.shared.data(from: url)
        let http = try XCTUnwrap(response as? HTTPURLResponse)
        return (http.statusCode, http.value(forHTTPHeaderField: "Content-Type"), String(decoding: data, as: UTF8.self), http)
    }

    /// Static files, the app's routes and 404s all carry the security headers.
    func testEveryResponseCarriesTheSecurityHeaders() async throws {
        for path in ["/", "/js/main.js", "/app.css", "/healthz", "/metrics", "/sprites/25.png", "/sprites/abc.png", "/no/such/file"] {
            let response = try await getWithHeaders(path).headers
            let csp = response.value(forHTTPHeaderField: "Content-Security-Policy")
            XCTAssertEqual(csp, SecurityHeaders.contentSecurityPolicy, path)
            XCTAssertEqual(csp?.contains("frame-ancestors 'none'"), true, path)
            XCTAssertEqual(csp?.contains("script-src 'self'"), true, path)
            XCTAssertEqual(response.value(forHTTPHeaderField: "X-Content-Type-Options"), "nosniff", path)
            XCTAssertEqual(response.value(forHTTPHeaderField: "Referrer-Policy"), "no-referrer", path)
        }
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

    /// Each service thread counts its sessions' actions on its own; `/metrics` says their sum.
    func testMetricsCountEverySessionsActions() async throws {
        func value(_ name: String, in body: String) throws -> Double {
            let line = try XCTUnwrap(body.split(separator: "\n").first { $0.hasPrefix(name + " ") }, "no \(name)")
            return try XCTUnwrap(Double(line.split(separator: " ")[1]))
        }
        let sessions = [try await TestSession.open(client, port: server.port), try await TestSession.open(client, port: server.port)]
        for session in sessions {
            for _ in 0..<3 {
                let refusal = try await session.perform(["navigate": ["route": "/pokemon/25"]])
                XCTAssertNil(refusal)
            }
        }
        try await waitUntil("six actions counted") {
            let body = try await get("/metrics").body
            return try value("pokedex_actions_total", in: body) == 6
        }
        let body = try await get("/metrics").body
        XCTAssertEqual(try value("pokedex_action_latency_seconds_count", in: body), 6)
        XCTAssertEqual(try value("pokedex_action_latency_seconds_bucket{le=\"+Inf\"}", in: body), 6)
        // The server's clock stands still here: every action took no time.
        XCTAssertEqual(try value("pokedex_action_latency_seconds_bucket{le=\"0.0001\"}", in: body), 6)
    }

    /// What the dashboard and the alerts read: draining from the moment shutdown begins, and
    /// the process's own CPU and memory under Prometheus' usual names.
    func testMetricsExportDrainingAndTheProcesssCPUAndMemory() async throws {
        func value(_ name: String, in body: String) throws -> Double {
            let line = try XCTUnwrap(body.split(separator: "\n").first { $0.hasPrefix(name + " ") }, "no \(name)")
            return try XCTUnwrap(Double(line.split(separator: " ")[1]))
        }
        let before = try await get("/metrics").body
        XCTAssertEqual(try value("pokedex_draining", in: before), 0)
        XCTAssertTrue(before.contains("# TYPE pokedex_draining gauge"))
        XCTAssertGreaterThan(try value("process_cpu_seconds_total", in: before), 0)
        XCTAssertGreaterThan(try value("process_resident_memory_bytes", in: before), 1_048_576)
        server.beginDraining()
        let after = try await get("/metrics").body
        XCTAssertEqual(try value("pokedex_draining", in: after), 1)
    }
}
