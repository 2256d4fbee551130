import Foundation
import Storage

/// `pokedex-server` options.
public struct ServerOptions: Sendable, Equatable {
    public var host = "127.0.0.1"
    public var port = 8080
    public var webRoot = "web"
    public var catalogCSV: String?
    public var pokeAPI: String?
    public var database = "data/pokedex.sqlite"
    public var allowedOrigins: [String] = []
    public var graceSeconds = 120
    public var maxMessageBytes = 64 * 1024
    /// Threads serving connections, each running its sessions' Stores (see docs/ARCHITECTURE.md).
    public var serviceThreads = 2
    /// Every thread at real-time priority (`RealtimeScheduling`): on a machine shared with
    /// other busy processes, frames no longer wait for a time slice to end.
    public var realtime = false
    /// The address people reach the server at (invite links); defaults to http://host:port.
    public var publicURL: String?
    /// SQLite's `synchronous` (see README, "Durability"): `normal` survives a killed process,
    /// `full` also a power loss, at an fsync per commit.
    public var durability: Database.Synchronous = .normal

    public init() {}

    public static let usage = """
    usage: pokedex-server [options]
      --host HOST              address to listen on (default 127.0.0.1)
      --port PORT              port for the web client, /ws, /healthz and /metrics (default 8080; 0 picks one)
      --web DIR                the static web client (default ./web)
      --catalog-csv DIR        serve the full dex from a PokeAPI CSV dump (data/v2/csv layout)
      --pokeapi URL            serve live PokeAPI data, e.g. https://pokeapi.co/api/v2 (cached in --db)
      --db PATH                SQLite file (default ./data/pokedex.sqlite)
      --allowed-origin ORIGIN  also accept websocket upgrades from ORIGIN (repeatable)
      --durability normal|full  normal (default): a commit survives the process being killed; the last
                               commits may be lost on power loss. full: survives power loss too,
                               at an fsync per commit (SQLite PRAGMA synchronous)
      --grace SECONDS          keep a disconnected session for resuming (default 120)
      --max-message-bytes N    largest accepted websocket message (default 65536)
      --public-url URL         the address in invite links (default http://HOST:PORT)
      --service-threads N      threads serving connections and running their sessions (default 2)
      --realtime               run every thread at real-time priority (SCHED_FIFO 1): needs root,
                               CAP_SYS_NICE or an RLIMIT_RTPRIO of 1 (systemd: LimitRTPRIO=1)
      --help                   show this help
    Without --catalog-csv or --pokeapi the embedded catalog of the first 151 Pokémon is served.
    """

    public enum ParseError: Error, Equatable, CustomStringConvertible {
        case help
        case invalid(String)
        public var description: String {
            switch self {
            case .help: ServerOptions.usage
            case let .invalid(message): "\(message)\n\n\(ServerOptions.usage)"
            }
        }
    }

    public static func parse(_ arguments: [String]) throws(ParseError) -> ServerOptions {
        var options = ServerOptions()
        var rest = arguments[...]
        func value(_ flag: String) throws(ParseError) -> String {
            guard let value = rest.popFirst() else { throw .invalid("\(flag) needs a value.") }
            return value
        }
        func number(_ flag: String, _ range: ClosedRange<Int>) throws(ParseError) -> Int {
            let text = try value(flag)
            guard let number = Int(text), range.contains(number) else { throw .invalid("\(flag) takes a number in \(range), not '\(text)'.") }
            return number
        }
        while let flag = rest.popFirst() {
            switch flag {
            case "--help", "-h": throw .help
            case "--host": options.host = try value(flag)
            case "--port": options.port = try number(flag, 0...65535)
            case "--web": options.webRoot = try value(flag)
            case "--catalog-csv": options.catalogCSV = try value(flag)
            case "--pokeapi": options.pokeAPI = try value(flag)
            case "--db": options.database = try value(flag)
            case "--durability":
                let text = try value(flag)
                guard let durability = Database.Synchronous(rawValue: text.uppercased()) else {
                    throw .invalid("--durability takes normal or full, not '\(text)'.")
                }
                options.durability = durability
            case "--allowed-origin": options.allowedOrigins.append(try value(flag))
            case "--grace": options.graceSeconds = try number(flag, 0...86_400)
            case "--max-message-bytes": options.maxMessageBytes = try number(flag, 1024...16 << 20)
            case "--public-url": options.publicURL = try value(flag)
            case "--service-threads": options.serviceThreads = try number(flag, 1...64)
            case "--realtime": options.realtime = true
            default: throw .invalid("Unknown option '\(flag)'.")
            }
        }
        if options.catalogCSV != nil, options.pokeAPI != nil {
            throw .invalid("Choose one data source: --catalog-csv or --pokeapi.")
        }
        return options
    }
}
