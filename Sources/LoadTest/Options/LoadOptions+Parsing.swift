extension LoadOptions {
    public static let usage = """
    usage: pokedex-loadtest [options]
      --url URL            the server (default http://127.0.0.1:8080); its websocket is URL/ws;
                           repeat it to spread sessions round robin over several (cluster mode)
      --scenario NAME      browse | favorites | idle | reconnect | writes | failover
                           (default browse)
      --sessions N         simulated sessions (default 100, at most 19000)
      --ramp N             new connections per second (default 500)
      --duration SECONDS   activity after everyone connected; idle: time held (default 10)
      --think-time SECONDS mean pause between one session's actions (default 1)
      --seed N             seed of every random choice (default 1)
      --json FILE          write the report as JSON
      --html FILE          write the report as a self-contained HTML page
      --server-pid PID     the server's process, to report its RSS per session and its CPU;
                           repeatable: CPU is the sum over all, RSS the first one's
      --ready-file FILE    failover: created once every screen is saved; kill a target then
      --sources N          spread connections over 127.0.0.1 … 127.0.0.N (default 1): past
                           ~10,000 connections from one address, the kernel's search for a
                           free port slows connects; binding costs a getifaddrs() per connect
      --loops N            client event loops, each a thread driving its share of the
                           sessions (default 1); one loop receives every patch of a fan-out
      --realtime           run every thread at real-time priority (SCHED_FIFO 1), as the
                           server's --realtime does; needs root, CAP_SYS_NICE or RLIMIT_RTPRIO
      --allow-remote       allow a target outside loopback
      --max-errors N       exit non-zero when errors exceed N (default 0)
      --help               show this help
    """

    public enum ParseError: Error, Equatable, CustomStringConvertible {
        case help
        case invalid(String)

        public var description: String {
            switch self {
            case .help: LoadOptions.usage
            case let .invalid(message): "\(message)\n\n\(LoadOptions.usage)"
            }
        }
    }

    public static func parse(_ arguments: [String]) throws(ParseError) -> LoadOptions {
        var options = LoadOptions()
        var rest = arguments[...]
        var urls: [LoadTarget] = []
        func value(_ flag: String) throws(ParseError) -> String {
            guard let value = rest.popFirst() else { throw .invalid("\(flag) needs a value.") }
            return value
        }
        func integer(_ flag: String, _ range: ClosedRange<Int>) throws(ParseError) -> Int {
            let text = try value(flag)
            guard let number = Int(text), range.contains(number) else {
                throw .invalid("\(flag) takes a whole number in \(range.lowerBound)…\(range.upperBound), not '\(text)'.")
            }
            return number
        }
        func seconds(_ flag: String, _ range: ClosedRange<Double>) throws(ParseError) -> Double {
            let text = try value(flag)
            guard let number = Double(text), range.contains(number) else {
                throw .invalid("\(flag) takes seconds in \(range.lowerBound)…\(range.upperBound), not '\(text)'.")
            }
            return number
        }
        while let flag = rest.popFirst() {
            switch flag {
            case "--help", "-h": throw .help
            case "--url":
                let text = try value(flag)
                guard let target = LoadTarget(url: text) else { throw .invalid("--url takes http://HOST:PORT, not '\(text)'.") }
                urls.append(target)
            case "--scenario":
                let text = try value(flag)
                guard let kind = ScenarioKind(rawValue: text) else {
                    throw .invalid("Unknown scenario '\(text)'; choose one of \(ScenarioKind.allCases.map(\.rawValue).joined(separator: ", ")).")
                }
                options.scenario = kind
            case "--sessions": options.sessions = try integer(flag, sessionLimit)
            case "--ramp": options.ramp = Double(try integer(flag, 1...100_000))
            case "--duration": options.duration = try seconds(flag, durationLimit)
            case "--think-time": options.thinkTime = try seconds(flag, 0.001...600)
            case "--seed": options.seed = UInt64(try integer(flag, 0...Int.max))
            case "--json": options.jsonPath = try value(flag)
            case "--html": options.htmlPath = try value(flag)
            case "--server-pid": options.serverPIDs.append(Int32(try integer(flag, 1...Int(Int32.max))))
            case "--ready-file": options.readyFile = try value(flag)
            case "--sources": options.sources = try integer(flag, 1...254)
            case "--loops": options.loops = try integer(flag, loopLimit)
            case "--realtime": options.realtime = true
            case "--allow-remote": options.allowRemote = true
            case "--max-errors": options.maxErrors = try integer(flag, 0...Int.max)
            default: throw .invalid("Unknown option '\(flag)'.")
            }
        }
        if !urls.isEmpty { options.targets = urls }
        if let remote = options.targets.first(where: { !$0.isLoopback }) {
            guard options.allowRemote else {
                throw .invalid("Refusing to load-test \(remote.host), which is not a loopback address; pass --allow-remote to do it anyway.")
            }
            guard options.sources == 1 else { throw .invalid("--sources spreads over loopback addresses: it needs loopback targets.") }
        }
        if options.scenario == .failover, options.targets.count < 2 {
            throw .invalid("failover moves the sessions of a lost target to another: it needs at least two --url.")
        }
        return options
    }
}
