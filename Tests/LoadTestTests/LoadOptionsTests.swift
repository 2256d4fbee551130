@testable import LoadTest
import XCTest

final class LoadOptionsTests: XCTestCase {
    func testDefaults() throws {
        let options = try LoadOptions.parse([])
        XCTAssertEqual(options.target, LoadTarget(host: "127.0.0.1", port: 8080))
        XCTAssertEqual(options.scenario, .browse)
        XCTAssertEqual(options.maxErrors, 0)
        XCTAssertEqual(options.loops, 1)
        XCTAssertFalse(options.allowRemote)
        XCTAssertFalse(options.realtime)
    }

    func testEveryOption() throws {
        let options = try LoadOptions.parse([
            "--url", "http://127.0.0.1:9000/", "--sessions", "1500", "--ramp", "3000", "--duration", "2.5",
            "--think-time", "0.1", "--scenario", "reconnect", "--seed", "9", "--json", "r.json", "--html", "r.html",
            "--server-pid", "1234", "--sources", "4", "--loops", "2", "--max-errors", "3", "--realtime",
        ])
        XCTAssertEqual(options.target, LoadTarget(host: "127.0.0.1", port: 9000))
        XCTAssertEqual(options.sessions, 1500)
        XCTAssertEqual(options.ramp, 3000)
        XCTAssertEqual(options.duration, 2.5)
        XCTAssertEqual(options.thinkTime, 0.1)
        XCTAssertEqual(options.scenario, .reconnect)
        XCTAssertEqual(options.seed, 9)
        XCTAssertEqual(options.jsonPath, "r.json")
        XCTAssertEqual(options.htmlPath, "r.html")
        XCTAssertEqual(options.serverPID, 1234)
        XCTAssertEqual(options.sources, 4)
        XCTAssertEqual(options.loops, 2)
        XCTAssertEqual(options.maxErrors, 3)
        XCTAssertTrue(options.realtime)
    }

    func testARemoteTargetIsRefusedWithoutAllowRemote() {
        XCTAssertThrowsError(try LoadOptions.parse(["--url", "http://10.0.0.5:8080"])) { error in
            guard case .invalid(let message) = error as? LoadOptions.ParseError else { return XCTFail("\(error)") }
            XCTAssertTrue(message.contains("not a loopback address"), message)
        }
        XCTAssertThrowsError(try LoadOptions.parse(["--url", "http://example.com:80"]))
        XCTAssertEqual(try LoadOptions.parse(["--url", "http://10.0.0.5:8080", "--allow-remote"]).target.host, "10.0.0.5")
        XCTAssertEqual(try LoadOptions.parse(["--url", "http://localhost:8080"]).target.host, "localhost")
        XCTAssertEqual(try LoadOptions.parse(["--url", "http://127.1.2.3:8080"]).target.host, "127.1.2.3")
    }

    func testSourcesNeedALoopbackTarget() {
        XCTAssertThrowsError(try LoadOptions.parse(["--url", "http://10.0.0.5:8080", "--allow-remote", "--sources", "2"]))
    }

    func testBadValuesAreRefusedWithTheReason() {
        for arguments in [["--sessions", "0"], ["--sessions", "20000"], ["--url", "ws://127.0.0.1:1"], ["--url", "http://127.0.0.1"],
                          ["--scenario", "stampede"], ["--duration", "-1"], ["--think-time"], ["--loops", "0"], ["--loops", "17"],
                          ["--bogus"]] {
            XCTAssertThrowsError(try LoadOptions.parse(arguments), "\(arguments)") { error in
                guard case .invalid = error as? LoadOptions.ParseError else { return XCTFail("\(arguments): \(error)") }
            }
        }
        XCTAssertThrowsError(try LoadOptions.parse(["--help"])) { XCTAssertEqual($0 as? LoadOptions.ParseError, .help) }
    }

    func testRepeatedURLsAreAllTargetsInOrderAndPIDsAddUp() throws {
        let options = try LoadOptions.parse([
            "--url", "http://127.0.0.1:9001", "--url", "http://127.0.0.2:9002", "--server-pid", "11", "--server-pid", "12",
            "--scenario", "failover", "--ready-file", "ready",
        ])
        XCTAssertEqual(options.targets, [LoadTarget(host: "127.0.0.1", port: 9001), LoadTarget(host: "127.0.0.2", port: 9002)])
        XCTAssertEqual(options.target, options.targets[0], "the first is where single-server steps go")
        XCTAssertEqual(options.serverPIDs, [11, 12])
        XCTAssertEqual(options.serverPID, 11, "the first one's RSS is the one reported")
        XCTAssertEqual(options.readyFile, "ready")
        XCTAssertEqual((0..<5).map { options.target(for: $0).port }, [9001, 9002, 9001, 9002, 9001])
    }

    func testEveryTargetMustBeLoopbackAndFailoverNeedsTwo() {
        XCTAssertThrowsError(try LoadOptions.parse(["--url", "http://127.0.0.1:1", "--url", "http://10.0.0.5:2"]))
        XCTAssertThrowsError(try LoadOptions.parse(["--scenario", "failover", "--url", "http://127.0.0.1:1"])) { error in
            guard case .invalid(let message) = error as? LoadOptions.ParseError else { return XCTFail("\(error)") }
            XCTAssertTrue(message.contains("two --url"), message)
        }
        XCTAssertEqual(try LoadOptions.parse(["--scenario", "writes"]).scenario, .writes)
    }
}
