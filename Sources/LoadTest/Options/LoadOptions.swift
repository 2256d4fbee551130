import PokeAPI
import WebSocketServer

/// `pokedex-loadtest` options. Every run is bounded: counts and durations have upper limits.
public struct LoadOptions: Sendable, Equatable {
    /// The servers (`--url`, repeatable): session `i` connects to `targets[i % targets.count]`.
    public var targets = [LoadTarget(host: "127.0.0.1", port: 8080)]
    /// Whether `--url` was given: the first one replaces the default target.
    var targetsGiven = false
    public var sessions = 100
    /// New connections per second.
    public var ramp = 500.0
    /// Seconds of activity after the last session connected (idle: seconds held).
    public var duration = 10.0
    /// Mean seconds between one session's actions (each wait is 0.5–1.5 times this).
    public var thinkTime = 1.0
    public var scenario = ScenarioKind.browse
    public var seed: UInt64 = 1
    public var jsonPath: String?
    public var htmlPath: String?
    /// The servers' processes (`--server-pid`, repeatable), for their CPU, and (first only) RSS.
    public var serverPIDs: [Int32] = []
    /// failover and presence: a file created once the sessions are set (failover: every screen
    /// saved), the cue to kill a target (`ReadyFile`).
    public var readyFile: String?
    /// Loopback source addresses to spread connections over (127.0.0.1 … 127.0.0.N).
    public var sources = 1
    /// Client event loops (each an lws context on a thread of its own); sessions are dealt to
    /// them round robin.
    public var loops = 1
    /// Every thread of the tester at real-time priority (`RealtimeScheduling`), like the
    /// server's `--realtime`.
    public var realtime = false
    public var allowRemote = false
    /// More errors than this make the exit status non-zero.
    public var maxErrors = 0
    /// TLS: a CA file to trust (a test certificate's), or no verification at all.
    public var caFile: String?
    public var insecure = false
    /// A scenario described in a file (`ScenarioFile`), run instead of `scenario`.
    public var scenarioFile: String?
    /// A report (`--json`) of an earlier run to compare with, and how much worse a p99 or the
    /// error rate may get, in percent, before the run counts as a regression.
    public var comparePath: String?
    public var maxRegressionPercent = 20.0

    public init() {}

    /// The first target: where a scenario's single-server steps (an owner's invite) happen.
    public var target: LoadTarget { targets[0] }
    /// The first server process: the one whose memory the idle scenario reports.
    public var serverPID: Int32? { serverPIDs.first }

    /// How TLS connections check the server.
    public var tls: ClientTLS? {
        guard targets.contains(where: \.isSecure) else { return nil }
        return ClientTLS(caFile: caFile, verifiesCertificate: !insecure)
    }

    /// The websocket clients' limits and TLS.
    var clientConfiguration: ClientConfiguration {
        var configuration = ClientConfiguration()
        configuration.tls = tls
        return configuration
    }

    /// Which https servers `/metrics` reads believe.
    public var httpTrust: HTTPTrust {
        insecure ? .anyCertificate : caFile.map(HTTPTrust.caFile) ?? .system
    }

    /// Where session `index` connects: the targets in turn.
    public func target(for index: Int) -> LoadTarget { targets[index % targets.count] }

    static let sessionLimit = 1...19_000
    static let loopLimit = 1...16
    static let durationLimit = 0.0...3_600.0
}

public enum ScenarioKind: String, Sendable, CaseIterable {
    case browse, favorites, idle, reconnect, writes, failover, presence
    /// Against a bare websocket peer (`bare-lws-peer`), for the figures the server is compared with.
    case echo, broadcast
    case rawIdle = "raw-idle"
}

