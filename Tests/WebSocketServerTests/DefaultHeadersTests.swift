import XCTest
@testable import WebSocketServer

/// `ServerConfiguration.defaultHeaders` ride on every kind of HTTP response.
final class DefaultHeadersTests: XCTestCase {
    static let headers = [
        "content-security-policy": "default-src 'self'; frame-ancestors 'none'",
        "x-content-type-options": "nosniff",
        "referrer-policy": "no-referrer",
    ]

    func assertDefaultHeaders(_ response: RawHTTPResponse, _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        for (name, value) in Self.headers {
            XCTAssertEqual(response.headers[name], value, "\(what) (\(response.status)): \(name)", file: file, line: line)
        }
    }

    func testEveryKindOfResponseCarriesThem() throws {
        let (server, _) = try startServer { $0.defaultHeaders = Self.headers }
        let file = try RawHTTPResponse.get(port: server.port, path: "/")
        XCTAssertEqual(file.status, 200)
        assertDefaultHeaders(file, "a static file")

        let etag = try XCTUnwrap(file.headers["etag"])
        let notModified = try RawHTTPResponse.get(port: server.port, path: "/index.html", headers: ["If-None-Match": etag])
        XCTAssertEqual(notModified.status, 304)
        assertDefaultHeaders(notModified, "a revalidated static file")

        let route = try RawHTTPResponse.get(port: server.port, path: "/healthz")
        XCTAssertEqual(route.status, 200)
        assertDefaultHeaders(route, "an application route")

        let big = try RawHTTPResponse.get(port: server.port, path: "/big?bytes=10")
        XCTAssertEqual(big.headers["cache-control"], "no-store", "the response's own headers stay")
        assertDefaultHeaders(big, "a route with headers of its own")

        let failure = try RawHTTPResponse.get(port: server.port, path: "/fail")
        XCTAssertEqual(failure.status, 503)
        assertDefaultHeaders(failure, "an application error")

        let missing = try RawHTTPResponse.get(port: server.port, path: "/nope")
        XCTAssertEqual(missing.status, 404)
        assertDefaultHeaders(missing, "a 404")
    }

    func testNoneByDefault() throws {
        let (server, _) = try startServer()
        let file = try RawHTTPResponse.get(port: server.port, path: "/")
        XCTAssertNil(file.headers["x-content-type-options"])
    }
}
