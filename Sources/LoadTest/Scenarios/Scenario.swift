/// One kind of load: it creates its sessions on the run, drives them, and says what it found
/// beyond what the recorder measured.
protocol Scenario: Sendable {
    func run(_ run: LoadRun) async throws -> ScenarioOutcome
}

/// A scenario's findings for the report.
struct ScenarioOutcome: Sendable, Equatable {
    var convergence: Convergence?
    /// idle: sessions held open at once, and the server's resident memory around connecting them.
    var heldSessions: Int?
    var serverRSS: ServerMemory?
    /// reconnect: seconds from the first resume to the last session caught up.
    var resumeSeconds: Double?
    /// browse and favorites: CPU over the phase the latency figures come from.
    var cpu: CPUUsage?
    /// browse and favorites: the server's own action latency over that phase.
    var serverLatency: ServerActionLatency?
    /// writes: acknowledged writes over the writing phase, and each list's favorites at the end.
    var writes: WriteThroughput?
    var favoritesByList: [String: [Int]]?
    /// failover: the sessions of a killed target coming back on another.
    var failover: FailoverOutcome?
    /// presence: how soon a killed target's users showed offline elsewhere.
    var presence: PresenceOutcome?
    /// A scenario file's run: the sessions its stages started (they, not `--sessions`, ran).
    var sessionsStarted: Int?
    /// Why the scenario could not run at all (e.g. the server lacks a feature it needs).
    var failure: String?
}

extension ScenarioKind {
    var scenario: any Scenario {
        switch self {
        case .browse: BrowseScenario()
        case .favorites: FavoritesScenario()
        case .idle: IdleScenario()
        case .reconnect: ReconnectScenario()
        case .writes: WritesScenario()
        case .failover: FailoverScenario()
        case .presence: PresenceScenario()
        case .echo: EchoScenario()
        case .broadcast: BroadcastScenario()
        case .rawIdle: IdleScenario(raw: true)
        }
    }
}
