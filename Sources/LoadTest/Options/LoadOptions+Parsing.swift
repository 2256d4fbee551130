import CommandLineOptions

extension LoadOptions {
    public typealias ParseError = OptionError

    /// `--help`'s text, generated from `parser`'s declarations.
    public static var usage: String { parser.usage }

    public static func parse(_ arguments: [String]) throws(OptionError) -> LoadOptions {
        try parser.parse(arguments, into: LoadOptions())
    }

    /// The process's command line; prints the usage and exits on `--help` or a refused one.
    public static func parseOrExit() -> LoadOptions {
        parser.parseOrExit(into: LoadOptions())
    }

    static let parser = OptionParser<LoadOptions>(
        command: "pokedex-loadtest",
        summary: "drive a Pok\u{E9}dex Live server with simulated browser sessions and report latency and errors",
        sections: [
            .init("Target", [
                .text("--url", "URL", help: """
                    the server: ws://HOST[:PORT]/PATH or wss://… (the websocket itself), or
                    http://HOST[:PORT] or https://… (a site whose websocket is at /ws);
                    default http://127.0.0.1:8080. Repeat it to spread sessions round robin
                    over several (cluster mode)
                    """) { options, text throws(OptionError) in
                    do {
                        let target = try LoadTarget(url: text)
                        options.targets = (options.targetsGiven ? options.targets : []) + [target]
                        options.targetsGiven = true
                    } catch {
                        throw .invalid("--url cannot use '\(text)': \(error).")
                    }
                },
                .text("--ca", "FILE", help: "trust the CA certificate(s) in FILE (PEM) for wss:// and https://") { $0.caFile = $1 },
                .flag("--insecure", help: "accept any TLS certificate (self-signed, expired, another host's)") { $0.insecure = true },
                .flag("--allow-remote", help: "allow a target outside loopback") { $0.allowRemote = true },
            ]),
            .init("Load", [
                .choice("--scenario", "NAME", help: """
                    browse | favorites | idle | reconnect | writes | failover | presence
                    (default browse); against a bare websocket peer (bare-lws-peer):
                    echo | broadcast | raw-idle
                    """) { (options, kind: ScenarioKind) in options.scenario = kind },
                .text("--scenario-file", "FILE", help: """
                    run the scenario FILE describes (JSON: an action mix with weights,
                    a think-time distribution, ramp stages; see README) instead
                    """) { $0.scenarioFile = $1 },
                .integer("--sessions", in: sessionLimit, help: "simulated sessions (default 100, at most 19000)") { $0.sessions = $1 },
                .integer("--ramp", in: 1...100_000, help: "new connections per second (default 500)") { $0.ramp = Double($1) },
                .decimal("--duration", "SECONDS", in: durationLimit, unit: "seconds",
                         help: "activity after everyone connected; idle: time held (default 10)") { $0.duration = $1 },
                .decimal("--think-time", "SECONDS", in: 0.001...600, unit: "seconds",
                         help: "mean pause between one session's actions (default 1)") { $0.thinkTime = $1 },
                .integer("--seed", in: 0...Int.max, help: "seed of every random choice (default 1)") { $0.seed = UInt64($1) },
                .text("--ready-file", "FILE", help: "failover, presence: created once every screen is saved (every member shown online); kill a target then") {
                    $0.readyFile = $1
                },
            ]),
            .init("Reports", [
                .text("--json", "FILE", help: "write the report as JSON") { $0.jsonPath = $1 },
                .text("--html", "FILE", help: "write the report as a self-contained HTML page") { $0.htmlPath = $1 },
                .text("--compare", "BASELINE.json", help: """
                    show every figure beside an earlier run's (its --json report) and
                    exit non-zero when a p99 or the error rate regressed
                    """) { $0.comparePath = $1 },
                .decimal("--max-regression", "PCT", in: 0...10_000, unit: "a percentage",
                         help: "how much worse than the baseline counts as a regression (default 20)") {
                    $0.maxRegressionPercent = $1
                },
                .integer("--max-errors", in: 0...Int.max, help: "exit non-zero when errors exceed N (default 0)") { $0.maxErrors = $1 },
                .integer("--server-pid", "PID", in: 1...Int(Int32.max), help: """
                    the server's process, to report its RSS and CPU (over time, too);
                    repeatable: CPU is the sum over all, RSS the first one's
                    """) { $0.serverPIDs.append(Int32($1)) },
            ]),
            .init("The tester itself", [
                .integer("--sources", in: 1...254, help: """
                    spread connections over 127.0.0.1 … 127.0.0.N (default 1): past
                    ~10,000 connections from one address, the kernel's search for a
                    free port slows connects; binding costs a getifaddrs() per connect
                    """) { $0.sources = $1 },
                .integer("--loops", in: loopLimit, help: """
                    client event loops, each a thread driving its share of the
                    sessions (default 1); one loop receives every patch of a fan-out
                    """) { $0.loops = $1 },
                .flag("--realtime", help: """
                    run every thread at real-time priority (SCHED_FIFO 1), as the
                    server's --realtime does; needs root, CAP_SYS_NICE or RLIMIT_RTPRIO
                    """) { $0.realtime = true },
            ]),
        ],
        validate: { options throws(OptionError) in try options.validate() }
    )

    /// Checks that need every option read.
    private func validate() throws(OptionError) {
        if let remote = targets.first(where: { !$0.isLoopback }) {
            guard allowRemote else {
                throw .invalid("Refusing to load-test \(remote.host), which is not a loopback address; pass --allow-remote to do it anyway.")
            }
            guard sources == 1 else { throw .invalid("--sources spreads over loopback addresses: it needs loopback targets.") }
        }
        if scenario == .failover, targets.count < 2 {
            throw .invalid("failover moves the sessions of a lost target to another: it needs at least two --url.")
        }
        if scenario == .presence {
            guard targets.count >= 2 else { throw .invalid("presence times a killed target's members going offline elsewhere: it needs at least two --url.") }
            guard (3...PresenceScenario.maxSessions).contains(sessions) else {
                throw .invalid("presence: --sessions from 3 to \(PresenceScenario.maxSessions) (every member on the owner's roster page).")
            }
        }
        if caFile != nil, insecure { throw .invalid("--ca and --insecure contradict each other: choose one.") }
    }
}
