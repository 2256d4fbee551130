import Foundation
@testable import Logging
import Synchronization
import XCTest

/// One line per event: time, level, event, session and user first, in logfmt or JSON.
final class LoggerTests: XCTestCase {
    /// The lines a logger wrote, with its clock pinned.
    final class Lines: Sendable {
        let lines = Mutex<[String]>([])
        func logger(_ format: LogFormat, minimumLevel: LogLevel = .info) -> Logger {
            Logger(format: format, minimumLevel: minimumLevel, clock: { "2026-12-02T04:40:00.123Z" }) { [self] bytes in
                self.lines.withLock { $0.append(String(decoding: bytes, as: UTF8.self)) }
            }
        }
        var all: [String] { lines.withLock { $0 } }
    }

    func testLogfmtPutsTheCommonKeysFirstAndQuotesOnlyWhatNeedsIt() {
        let lines = Lines()
        let log = lines.logger(.logfmt)
        log.info("session.start", session: "s1", user: "u1", ["conn": "7", "message": "a \"quoted\" word=x\nnext"])
        log.warning("ws.open", ["addr": ""])
        XCTAssertEqual(lines.all, [
            "time=2026-12-02T04:40:00.123Z level=info event=session.start session=s1 user=u1 conn=7 message=\"a \\\"quoted\\\" word=x\\nnext\"\n",
            "time=2026-12-02T04:40:00.123Z level=warning event=ws.open session= user= addr=\"\"\n",
        ])
    }

    func testJSONIsOneObjectPerLineWithNullsForNoSession() throws {
        let lines = Lines()
        let log = lines.logger(.json)
        log.error("protocol.error", session: "s1", user: "u\"1", ["code": "bad_action"])
        log.info("ws.close", ["conn": "3"])
        XCTAssertEqual(lines.all.count, 2)
        for line in lines.all { XCTAssertEqual(line.filter(\.isNewline).count, 1, line); XCTAssertTrue(line.hasSuffix("}\n")) }
        let first = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(lines.all[0].utf8)) as? [String: Any])
        XCTAssertEqual(first["time"] as? String, "2026-12-02T04:40:00.123Z")
        XCTAssertEqual(first["level"] as? String, "error")
        XCTAssertEqual(first["event"] as? String, "protocol.error")
        XCTAssertEqual(first["session"] as? String, "s1")
        XCTAssertEqual(first["user"] as? String, "u\"1")
        XCTAssertEqual(first["code"] as? String, "bad_action")
        let second = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(lines.all[1].utf8)) as? [String: Any])
        XCTAssertTrue(second["session"] is NSNull)
        XCTAssertTrue(second["user"] is NSNull)
        XCTAssertTrue(lines.all[0].hasPrefix("{\"time\":"), "time comes first")
    }

    func testEventsBelowTheMinimumLevelAreNotWritten() {
        let lines = Lines()
        let log = lines.logger(.logfmt, minimumLevel: .warning)
        log.info("ws.open")
        log.log(.debug, "x")
        log.warning("ws.refused")
        XCTAssertEqual(lines.all.count, 1)
        XCTAssertTrue(lines.all[0].contains("event=ws.refused"))
    }

    /// journald shows raw bytes: no terminal escapes, whatever a value holds.
    func testNoControlCharactersReachTheLine() {
        let lines = Lines()
        lines.logger(.logfmt).info("x", ["v": "\u{1B}[31mred\u{1B}[0m"])
        lines.logger(.json).info("x", ["v": "\u{1B}[31mred"])
        for line in lines.all {
            XCTAssertFalse(line.dropLast().unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }, line)
        }
    }

    func testTimesAreRFC3339InUTCWithMilliseconds() {
        XCTAssertEqual(LogClock.format(seconds: 0, milliseconds: 7), "1970-01-01T00:00:00.007Z")
        XCTAssertEqual(LogClock.format(seconds: 1_796_186_400, milliseconds: 123), "2026-12-02T04:40:00.123Z")
        let now = LogClock.now()
        XCTAssertEqual(now.count, 24, now)
        XCTAssertTrue(now.hasSuffix("Z"))
    }
}
