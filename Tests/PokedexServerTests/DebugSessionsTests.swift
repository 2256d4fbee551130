import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import PokedexFeatures
@testable import PokedexServer
import StateSync
import XCTest

/// `--debug`: `/debug/sessions` and `/debug/sessions/ID` over real HTTP on the real server.
final class DebugSessionsTests: ServerTestCase {
    static let token = "a-debug-token-of-32-characters!!"

    override func configure(_ options: inout ServerOptions) {
        options.debug = true
        options.debugToken = Self.token
    }

    func testListsLiveSessionsAndEachOnesActionsWithDiffEffectsAndPatch() async throws {
        let browser = try await TestSession.open(client, port: server.port)
        // The second search, inside the first's debounce, cancels it (cancelInFlight).
        browser.send(["list": ["binding": ["search": "char"]]])
        try await browser.perform(["list": ["binding": ["search": "pika"]]])
        try await browser.perform(["navigate": ["route": "/pokemon/4"]])

        let list = try await getJSON("/debug/sessions")
        let sessions = try XCTUnwrap(list["sessions"]?.arrayValue)
        let listed = try XCTUnwrap(sessions.first { $0["id"]?.stringValue == browser.session })
        XCTAssertEqual(listed["user"]?["id"]?.stringValue, browser.userID)
        XCTAssertEqual(listed["connected"], .bool(true))

        let detail = try await getJSON("/debug/sessions/\(browser.session)")
        let actions = try XCTUnwrap(detail["actions"]?.arrayValue)
        let names = actions.compactMap { $0["action"]?.stringValue }
        let pika = try XCTUnwrap(actions.last { $0["action"]?.stringValue?.contains("pika") == true }, "\(names)")
        XCTAssertTrue(Self.lines(pika["stateDiff"]).contains { $0.hasPrefix("list.search: ") && $0.contains("\"char\" → \"pika\"") }, "\(pika)")
        XCTAssertFalse(Self.lines(pika["effectsStarted"]).isEmpty, "the debounce is a task")
        XCTAssertTrue(Self.lines(pika["effectsCancelled"]).contains { $0.contains("search") }, "the first debounce is cancelled: \(pika)")
        XCTAssertEqual(pika["patch"]?["type"]?.stringValue, "patch", "the search box's change went out: \(pika)")
        XCTAssertTrue(pika["patch"]?["ops"]?.arrayValue?.contains { $0["value"]?.stringValue == "pika" } == true, "\(pika)")

        let navigation = try XCTUnwrap(actions.last { $0["action"]?.stringValue?.contains("navigate") == true }, "\(names)")
        XCTAssertFalse(Self.lines(navigation["stateDiff"]).isEmpty)
        let numbers = actions.compactMap { $0["number"]?.intValue }
        XCTAssertEqual(numbers, numbers.sorted(), "oldest first")

        let missing = try await fetch("/debug/sessions/no-such-session")
        XCTAssertEqual(missing.status, 404)
    }

    /// Behind a proxy every request comes from loopback: one that says it was forwarded needs
    /// the token.
    func testAForwardedRequestNeedsTheToken() async throws {
        let forwarded = try await fetch("/debug/sessions", headers: ["X-Forwarded-For": "203.0.113.9"])
        XCTAssertEqual(forwarded.status, 403)
        let wrongToken = try await fetch("/debug/sessions", headers: ["X-Forwarded-For": "203.0.113.9", "Authorization": "Bearer nope"])
        XCTAssertEqual(wrongToken.status, 403)
        let withToken = try await fetch("/debug/sessions", headers: ["X-Forwarded-For": "203.0.113.9", "Authorization": "Bearer \(Self.token)"])
        XCTAssertEqual(withToken.status, 200)
    }

    func testTheRecordingIsServedAndReplaysWithItsDebugLines() async throws {
        let browser = try await TestSession.open(client, port: server.port)
        try await browser.perform(["navigate": ["route": "/pokemon/4"]])
        try await browser.read { $0.state["destination"]?["detail"]?["status"] == "loaded" }
        let response = try await fetch("/debug/sessions/\(browser.session)/recording")
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(response.type, "application/jsonl")
        let file = try RecordingFile(jsonLines: Array(response.body.utf8))
        XCTAssertTrue(file.lines.contains { $0.json["type"] == "debug" }, "--debug keeps each action's state difference")
        let report = try Replayer(file, reducer: AppFeature(), catalog: .embedded).run()
        XCTAssertNil(report.difference, report.summary)
        let forwarded = try await fetch("/debug/sessions/\(browser.session)/recording", headers: ["X-Forwarded-For": "203.0.113.9"])
        XCTAssertEqual(forwarded.status, 403, "the same rule as the other debug routes")
        let missing = try await fetch("/debug/sessions/no-such-session/recording")
        XCTAssertEqual(missing.status, 404)
    }

    func testLoopbackAddressesAndTokenComparison() {
        XCTAssertTrue(DebugRoutes.isLoopback("127.0.0.1"))
        XCTAssertTrue(DebugRoutes.isLoopback("::1"))
        XCTAssertFalse(DebugRoutes.isLoopback("10.0.0.1"))
        XCTAssertTrue(DebugRoutes.constantTimeEqual("Bearer abc", "Bearer abc"))
        XCTAssertFalse(DebugRoutes.constantTimeEqual("Bearer abc", "Bearer abd"))
        XCTAssertFalse(DebugRoutes.constantTimeEqual("Bearer ab", "Bearer abc"))
    }

    static func lines(_ value: JSONValue?) -> [String] {
        value?.arrayValue?.compactMap(\.stringValue) ?? []
    }

    func getJSON(_ path: String) async throws -> JSONValue {
        let response = try await fetch(path)
        XCTAssertEqual(response.status, 200, response.body)
        XCTAssertEqual(response.type, "application/json")
        return try JSONParser.parse(response.body)
    }
}

/// Without `--debug` the routes do not exist, and sessions keep no log.
final class DebugSessionsOffTests: ServerTestCase {
    func testDebugRoutesAreNotFound() async throws {
        let browser = try await TestSession.open(client, port: server.port)
        try await browser.perform(["navigate": ["route": "/pokemon/4"]])
        let list = try await fetch("/debug/sessions")
        XCTAssertEqual(list.status, 404)
        let one = try await fetch("/debug/sessions/\(browser.session)")
        XCTAssertEqual(one.status, 404)
        let recording = try await fetch("/debug/sessions/\(browser.session)/recording")
        XCTAssertEqual(recording.status, 404)
    }
}

extension ServerTestCase {
    func fetch(_ path: String, headers: [String: String] = [:]) async throws -> (status: Int, type: String?, body: String) {
        var request = URLRequest(url: URL(string: "http://127.0.0.1:\(server.port)\(path)")!)
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let (data, response) = try await URLSession.shared.data(for: request)
        let http = try XCTUnwrap(response as? HTTPURLResponse)
        return (http.statusCode, http.value(forHTTPHeaderField: "Content-Type"), String(decoding: data, as: UTF8.self))
    }
}
