import Foundation
import Logging
@testable import PokedexServer
import StateSync
import Synchronization
import WebSocketServer
import XCTest

/// The real server's log lines: one per event, with level, time, session and user, in logfmt
/// or JSON, and nothing a terminal would interpret.
final class StructuredLogTests: XCTestCase {
    final class Captured: Sendable {
        let lines = Mutex<[String]>([])
        var all: [String] { lines.withLock { $0 } }
    }

    func run(format: LogFormat, _ body: (PokedexServer, WebSocketClient) async throws -> Void) async throws -> [String] {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("pokedex-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var options = ServerOptions()
        options.port = 0
        options.database = directory + "/pokedex.sqlite"
        options.logFormat = format
        let captured = Captured()
        let logger = Logger(format: format, output: { bytes in
            captured.lines.withLock { $0.append(String(decoding: bytes, as: UTF8.self)) }
        })
        let server = try PokedexServer(options: options, environment: .live(options, logger: logger))
        try server.start()
        let client = try WebSocketClient()
        try await body(server, client)
        client.shutdown()
        await server.shutdown()
        return captured.all
    }

    /// A session's events carry its id and its user's; a bad frame on it is logged against them.
    func testLogfmtLinesNameTheSessionAndUser() async throws {
        var sessionID = "", userID = ""
        let lines = try await run(format: .logfmt) { server, client in
            let browser = try await TestSession.open(client, port: server.port)
            sessionID = browser.session
            userID = try XCTUnwrap(browser.userID)
            _ = browser.connection.send("not json")
            try await browser.read { !$0.errors.isEmpty }
            browser.close()
        }
        for line in lines {
            XCTAssertTrue(line.hasPrefix("time="), line)
            XCTAssertEqual(line.filter(\.isNewline).count, 1, line)
            XCTAssertTrue(line.contains(" level="), line)
            XCTAssertTrue(line.contains(" session="), line)
            XCTAssertTrue(line.contains(" user="), line)
            XCTAssertFalse(line.unicodeScalars.contains { $0.value == 0x1B }, "no terminal escapes: \(line)")
        }
        let start = try XCTUnwrap(lines.first { $0.contains("event=session.start ") }, "\(lines)")
        XCTAssertTrue(start.contains(" level=info "), start)
        XCTAssertTrue(start.contains(" session=\(sessionID) user=\(userID) "), start)
        let error = try XCTUnwrap(lines.first { $0.contains("event=protocol.error ") }, "\(lines)")
        XCTAssertTrue(error.contains(" level=warning "), error)
        XCTAssertTrue(error.contains(" session=\(sessionID) user=\(userID) "), error)
        XCTAssertTrue(lines.contains { $0.contains("event=ws.open ") && $0.contains(" session= user= ") })
        XCTAssertTrue(lines.contains { $0.contains("event=ws.close ") && $0.contains(" code=") })
    }

    func testJSONLinesAreObjectsWithTheSameKeys() async throws {
        var sessionID = ""
        let lines = try await run(format: .json) { server, client in
            let browser = try await TestSession.open(client, port: server.port)
            sessionID = browser.session
            browser.close()
        }
        XCTAssertFalse(lines.isEmpty)
        let objects = try lines.map { try JSONParser.parse($0.trimmingCharacters(in: .newlines)) }
        for object in objects {
            for key in ["time", "level", "event", "session", "user"] {
                XCTAssertNotNil(object[key], "\(key) in \(object.jsonString)")
            }
        }
        let start = try XCTUnwrap(objects.first { $0["event"]?.stringValue == "session.start" })
        XCTAssertEqual(start["session"]?.stringValue, sessionID)
        XCTAssertEqual(objects.first { $0["event"]?.stringValue == "ws.open" }?["session"], .null)
    }
}
