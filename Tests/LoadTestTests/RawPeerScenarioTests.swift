import Foundation
@testable import LoadTest
import Synchronization
import WebSocketServer
import XCTest

/// The scenarios meant for a bare peer (`echo`, `broadcast`, `raw-idle`), against an echo and
/// broadcast server in process that behaves as `bare-lws-peer` does.
final class RawPeerScenarioTests: XCTestCase {
    /// Echoes every message, except one starting with "!", which goes to every connection.
    private final class EchoAndBroadcast: WebSocketHandler {
        let open = Mutex<[UInt64: Connection]>([:])

        func connectionOpened(_ connection: Connection) { open.withLock { $0[connection.id] = connection } }
        func connection(_ connection: Connection, didReceiveText text: [UInt8]) {
            guard text.first == UInt8(ascii: "!") else {
                connection.send(text)
                return
            }
            for member in open.withLock({ Array($0.values) }) { member.send(text) }
        }
        func connectionClosed(_ connection: Connection, code: UInt16) { open.withLock { $0[connection.id] = nil } }
    }

    private var server: WebSocketServer!

    override func setUp() async throws {
        var configuration = ServerConfiguration()
        configuration.port = 0
        server = WebSocketServer(configuration: configuration, handler: EchoAndBroadcast())
        try server.start()
    }

    override func tearDown() async throws {
        server.shutdown()
    }

    private func options(_ scenario: ScenarioKind, sessions: Int) -> LoadOptions {
        var options = LoadOptions()
        options.targets = [LoadTarget(host: "127.0.0.1", port: server.port)]
        options.scenario = scenario
        options.sessions = sessions
        options.duration = 2
        options.thinkTime = 0.2
        options.ramp = 500
        return options
    }

    func testEchoCountsEachMessageAsAnAcknowledgedAction() async throws {
        let report = try await LoadTester.run(options(.echo, sessions: 20))
        XCTAssertEqual(report.errors, [:], report.errorExamples.joined(separator: "\n"))
        XCTAssertEqual(report.connectedSessions, 20)
        let cpu = try XCTUnwrap(report.cpu)
        XCTAssertGreaterThan(cpu.actions, 20 * 4, "every session sent several messages")
        XCTAssertEqual(report.actionToPatch.count, report.actionsSent, "every message came back")
        XCTAssertTrue(report.passed)
    }

    func testBroadcastTimesEachMessageToTheLastConnection() async throws {
        let report = try await LoadTester.run(options(.broadcast, sessions: 30))
        XCTAssertEqual(report.errors, [:], report.errorExamples.joined(separator: "\n"))
        XCTAssertGreaterThan(report.fanout.count, 10, "ten writers, each every 0.1–0.3 s for 2 s")
        XCTAssertEqual(report.fanoutToEachMember.count, report.fanout.count * 30, "each broadcast reached all 30")
        XCTAssertTrue(report.passed)
    }

    func testRawIdleHoldsEveryConnection() async throws {
        let report = try await LoadTester.run(options(.rawIdle, sessions: 40))
        XCTAssertEqual(report.errors, [:], report.errorExamples.joined(separator: "\n"))
        XCTAssertEqual(report.heldSessions, 40)
        XCTAssertTrue(report.passed)
    }

    func testRawMessagesCarryTheirNumber() {
        let message = RawMessage.make(prefix: "!", number: 1234, size: 96)
        XCTAssertEqual(message.count, 96)
        XCTAssertEqual(RawMessage.number(in: message, prefix: "!"), 1234)
        XCTAssertNil(RawMessage.number(in: message, prefix: "e"))
        XCTAssertNil(RawMessage.number(in: Array("e x".utf8), prefix: "e"))
    }
}
