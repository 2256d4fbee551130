import XCTest
@testable import WebSocketServer

final class HTTPServingTests: XCTestCase {
    func testStaticFileHasContentTypeETagAndRevalidates() throws {
        let (server, _) = try startServer()
        let first = try RawHTTPResponse.get(port: server.port, path: "/")
        XCTAssertEqual(first.status, 200)
        XCTAssertEqual(first.text, "<!doctype html><title>hi</title>")
        XCTAssertEqual(first.headers["content-type"]?.hasPrefix("text/html"), true)
        XCTAssertNotNil(first.headers["cache-control"])
        let etag = try XCTUnwrap(first.headers["etag"])

        let again = try RawHTTPResponse.get(port: server.port, path: "/index.html", headers: ["If-None-Match": etag])
        XCTAssertEqual(again.status, 304)
        XCTAssertTrue(again.body.isEmpty)
    }

    func testScriptsAndManifestGetTheirContentTypes() throws {
        let (server, _) = try startServer()
        let expected = [
            "/app.js": "text/javascript", "/app.mjs": "text/javascript",
            "/site.webmanifest": "application/manifest+json",
        ]
        for (path, type) in expected {
            let response = try RawHTTPResponse.get(port: server.port, path: path)
            XCTAssertEqual(response.status, 200, path)
            XCTAssertEqual(response.headers["content-type"]?.hasPrefix(type), true, "\(path): \(response.headers)")
        }
    }

    func testDynamicRouteAnswersWithQueryAndMethod() throws {
        let (server, _) = try startServer()
        let response = try RawHTTPResponse.get(port: server.port, path: "/healthz?probe=7")
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(response.text, "ok GET 7")
        XCTAssertEqual(response.headers["content-type"], "text/plain; charset=utf-8")
    }

    func testLargeDynamicBodyArrivesWholeWithExtraHeaders() throws {
        let (server, _) = try startServer()
        let size = 300_000
        let response = try RawHTTPResponse.get(port: server.port, path: "/big?bytes=\(size)")
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(response.headers["cache-control"], "no-store")
        XCTAssertEqual(response.body, (0..<size).map { UInt8(truncatingIfNeeded: $0 * 7) })
    }

    func testUnknownPathIs404() throws {
        let (server, _) = try startServer()
        XCTAssertEqual(try RawHTTPResponse.get(port: server.port, path: "/nope").status, 404)
    }

    func testPortInUseThrows() throws {
        let (server, _) = try startServer()
        var configuration = ServerConfiguration()
        configuration.port = server.port
        configuration.logger = .silent
        let second = WebSocketServer(configuration: configuration, handler: RecordingHandler())
        XCTAssertThrowsError(try second.start()) { error in
            XCTAssertEqual(error as? WebSocketServerError, .cannotListen(host: "127.0.0.1", port: server.port))
        }
    }
}
