import CommandLineOptions
@testable import LoadTest
import PokeAPI
import WebSocketServer
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
        for arguments in [["--sessions", "0"], ["--sessions", "20000"], ["--url", "ftp://127.0.0.1:1"], ["--url", "127.0.0.1:8080"],
                          ["--url", "http://127.0.0.1:0"], ["--url", "wss://:443/ws"], ["--ca", "c.pem", "--insecure"],
                          ["--max-regression", "-5"], ["--realtime=yes"],
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

    func testURLsOfEveryKindGiveTheWebsocketToConnectTo() throws {
        let cases: [(String, LoadTarget)] = [
            ("http://127.0.0.1:8080", LoadTarget(host: "127.0.0.1", port: 8080, path: "/ws")),
            ("http://127.0.0.1:8080/", LoadTarget(host: "127.0.0.1", port: 8080, path: "/ws")),
            ("http://localhost", LoadTarget(host: "localhost", port: 80, path: "/ws")),
            ("https://localhost", LoadTarget(host: "localhost", port: 443, path: "/ws", isSecure: true)),
            ("https://localhost:8443/pokedex/", LoadTarget(host: "localhost", port: 8443, path: "/pokedex/ws", isSecure: true)),
            ("ws://127.0.0.1:9000/ws", LoadTarget(host: "127.0.0.1", port: 9000, path: "/ws")),
            ("ws://127.0.0.1:9000", LoadTarget(host: "127.0.0.1", port: 9000, path: "/ws")),
            ("WSS://localhost/live/socket?x=1", LoadTarget(host: "localhost", port: 443, path: "/live/socket?x=1", isSecure: true)),
            ("wss://[::1]:8443/ws", LoadTarget(host: "::1", port: 8443, path: "/ws", isSecure: true)),
            ("ws://[::1]", LoadTarget(host: "::1", port: 80, path: "/ws")),
        ]
        for (url, expected) in cases {
            XCTAssertEqual(try LoadTarget(url: url), expected, url)
            XCTAssertTrue(expected.isLoopback, url)
        }
        XCTAssertEqual(try LoadTarget(url: "wss://[::1]:8443/a/ws?x=1").url, "wss://[::1]:8443/a/ws?x=1")
        XCTAssertEqual(try LoadTarget(url: "wss://localhost:8443/a/ws?x=1").metricsURL, "https://localhost:8443/a/metrics")
        XCTAssertEqual(try LoadTarget(url: "http://127.0.0.1:8080").metricsURL, "http://127.0.0.1:8080/metrics")
    }

    func testMalformedURLsSayWhatIsWrong() {
        let cases: [(String, LoadTargetError)] = [
            ("127.0.0.1:8080", .noScheme), ("ftp://127.0.0.1", .unsupportedScheme("ftp")), ("ws://:80/ws", .noHost),
            ("ws://127.0.0.1:http/ws", .badPort("http")), ("wss://127.0.0.1:70000", .badPort("70000")),
            ("http://u:p@127.0.0.1", .userInfo), ("http://127.0.0.1/?a=1", .queryInBaseURL), ("ws://[::1/ws", .noHost),
        ]
        for (url, expected) in cases {
            XCTAssertThrowsError(try LoadTarget(url: url), url) { XCTAssertEqual($0 as? LoadTargetError, expected, url) }
        }
        XCTAssertThrowsError(try LoadOptions.parse(["--url", "wss://127.0.0.1:70000"])) { error in
            XCTAssertEqual(error as? OptionError, .invalid("--url cannot use 'wss://127.0.0.1:70000': the port '70000' is not a number in 1…65535."))
        }
    }

    func testTLSOptionsReachTheClientAndTheMetricsReader() throws {
        let plain = try LoadOptions.parse(["--url", "ws://127.0.0.1:1/ws"])
        XCTAssertNil(plain.tls, "no TLS set up without a wss target")
        let trusted = try LoadOptions.parse(["--url", "wss://localhost:8443/ws", "--ca", "ca.pem"])
        XCTAssertEqual(trusted.tls, ClientTLS(caFile: "ca.pem", verifiesCertificate: true))
        XCTAssertEqual(trusted.httpTrust, .caFile("ca.pem"))
        let insecure = try LoadOptions.parse(["--url", "https://localhost:8443", "--insecure"])
        XCTAssertEqual(insecure.tls, ClientTLS(caFile: nil, verifiesCertificate: false))
        XCTAssertEqual(insecure.httpTrust, .anyCertificate)
        XCTAssertThrowsError(try LoadOptions.parse(["--url", "wss://pokedex.example.org/ws"]), "remote still needs --allow-remote")
        XCTAssertEqual(try LoadOptions.parse(["--url", "wss://pokedex.example.org", "--allow-remote"]).target.port, 443)
    }

    func testComparisonAndScenarioFileOptions() throws {
        let options = try LoadOptions.parse(["--compare", "base.json", "--max-regression=35", "--scenario-file", "mix.json"])
        XCTAssertEqual(options.comparePath, "base.json")
        XCTAssertEqual(options.maxRegressionPercent, 35)
        XCTAssertEqual(options.scenarioFile, "mix.json")
        XCTAssertEqual(try LoadOptions.parse([]).maxRegressionPercent, 20)
    }

    func testTheHelpIsGeneratedFromTheDeclarations() {
        for flag in ["--url URL", "--ca FILE", "--insecure", "--compare BASELINE.json", "--max-regression PCT", "--scenario-file FILE",
                     "--sessions N", "--help"] {
            XCTAssertTrue(LoadOptions.usage.contains(flag), flag)
        }
    }
}
