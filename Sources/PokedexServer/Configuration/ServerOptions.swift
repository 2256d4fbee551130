import Foundation
import Logging
import Storage

/// `pokedex-server` options.
public struct ServerOptions: Sendable, Equatable {
    public var host = "127.0.0.1"
    public var port = 8080
    public var webRoot = "web"
    public var catalogCSV: String?
    public var pokeAPI: String?
    /// A local folder of `{id}.png` served as the sprites, never touching the network.
    public var spritesDirectory: String?
    /// Where sprite `{id}.png` is fetched from (over libcurl, into the sprite cache): PokeAPI's
    /// sprites repository unless set.
    public var spritesURL: String?
    /// A SQLite file, or a `postgresql://` URL (cluster mode: processes share lists).
    public var database = "data/pokedex.sqlite"
    /// The SQLite file of this process's own response cache in cluster mode.
    public var cacheDatabase: String?
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
    /// How long a write waits for another writer's lock before it fails with `storage`.
    public var busyTimeoutMilliseconds = 5_000
    /// SQLite's `synchronous` (see README, "Durability"): `normal` survives a killed process,
    /// `full` also a power loss, at an fsync per commit.
    public var durability: Database.Synchronous = .normal
    /// Rates and quotas (`--limit-…`, `--trusted-proxy`); 0 turns one off.
    public var limits = Limits()
    /// How log lines are written on standard error: logfmt (default) or JSON.
    public var logFormat: LogFormat = .logfmt
    /// Serves `/debug/sessions` (each live session's last actions) to loopback clients, and to
    /// any client presenting `debugToken`.
    public var debug = false
    public var debugToken: String?

    public init() {}

    public static let usage = """
    usage: pokedex-server [options]
      --host HOST              address to listen on (default 127.0.0.1)
      --port PORT              port for the web client, /ws, /healthz and /metrics (default 8080; 0 picks one)
      --web DIR                the static web client (default ./web)
      --catalog-csv DIR        serve the full dex from a PokeAPI CSV dump (data/v2/csv layout)
      --pokeapi URL            serve live PokeAPI data, e.g. https://pokeapi.co/api/v2 (cached in --db)
      --sprites DIR            serve the sprites from a local folder of ID.png (e.g. a PokeAPI sprites
                               checkout's sprites/pokemon); never fetches them
      --sprites-url URL        fetch sprite ID.png from URL/ID.png (default PokeAPI's sprites repository);
                               without network every sprite is a placeholder
      --db PATH|URL            SQLite file (default ./data/pokedex.sqlite), or postgresql://user@host:port/db
                               for cluster mode: several processes share users, lists and sessions
      --cache-db PATH          with a postgresql:// --db, this process's own SQLite response cache
                               (default ./data/cache-PORT.sqlite)
      --allowed-origin ORIGIN  also accept websocket upgrades from ORIGIN (repeatable)
      --durability normal|full  normal (default): a commit survives the process being killed; the last
                               commits may be lost on power loss. full: survives power loss too,
                               at an fsync per commit (SQLite PRAGMA synchronous)
      --grace SECONDS          keep a disconnected session for resuming (default 120)
      --max-message-bytes N    largest accepted websocket message (default 65536)
      --public-url URL         the address in invite links (default http://HOST:PORT)
      --busy-timeout-ms N      how long a write waits for the database's lock before it fails (default 5000)
      --service-threads N      threads serving connections and running their sessions (default 2)
      --realtime               run every thread at real-time priority (SCHED_FIFO 1): needs root,
                               CAP_SYS_NICE or an RLIMIT_RTPRIO of 1 (systemd: LimitRTPRIO=1)
      --log-format logfmt|json  how log lines on stderr are written (default logfmt)
      --debug                  keep each session's last 200 actions and serve them at /debug/sessions
                               (loopback clients only, unless they present --debug-token)
      --debug-token TOKEN      with --debug, also serve /debug to any client sending
                               Authorization: Bearer TOKEN
    Limits (0 turns one off; refusals are error frames, counted in /metrics):
      --limit-actions-per-s N       actions a connection may send per second, sustained (default 30);
                                    over it an action gets rate_limited, and a connection refused
                                    BURST more times without pausing is closed with 1008
      --limit-actions-burst N       actions a connection may send at once (default 60)
      --limit-new-users-per-min N   users one client address may create a minute (default 20)
      --limit-sessions-per-user N   sessions a user may hold, kept ones included (default 100)
      --limit-members-per-list N    members a list may have (default 20000)
      --limit-lists-per-user N      lists a user may belong to (default 100)
      --limit-invites-per-list N    open invites a list may have (default 100)
      --trusted-proxy ADDR          a reverse proxy whose X-Forwarded-For (last hop) names the
                                    client address (repeatable; others' headers are ignored)
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
        // An empty path would open SQLite's private temporary database: nothing saved, nothing
        // shared. It is what `--db ${DATABASE_URL}` gets when the env file leaves it unset.
        func path(_ flag: String) throws(ParseError) -> String {
            let text = try value(flag)
            guard !text.isEmpty else { throw .invalid("\(flag) needs a non-empty path or URL.") }
            return text
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
            case "--sprites": options.spritesDirectory = try path(flag)
            case "--sprites-url": options.spritesURL = try value(flag)
            case "--db": options.database = try path(flag)
            case "--durability":
                let text = try value(flag)
                guard let durability = Database.Synchronous(rawValue: text.uppercased()) else {
                    throw .invalid("--durability takes normal or full, not '\(text)'.")
                }
                options.durability = durability
            case "--cache-db": options.cacheDatabase = try path(flag)
            case "--allowed-origin": options.allowedOrigins.append(try value(flag))
            case "--grace": options.graceSeconds = try number(flag, 0...86_400)
            case "--max-message-bytes": options.maxMessageBytes = try number(flag, 1024...16 << 20)
            case "--public-url": options.publicURL = try value(flag)
            case "--busy-timeout-ms": options.busyTimeoutMilliseconds = try number(flag, 1...600_000)
            case "--service-threads": options.serviceThreads = try number(flag, 1...64)
            case "--realtime": options.realtime = true
            case "--log-format":
                let text = try value(flag)
                guard let format = LogFormat(rawValue: text) else {
                    throw .invalid("--log-format takes logfmt or json, not '\(text)'.")
                }
                options.logFormat = format
            case "--debug": options.debug = true
            case "--debug-token":
                let token = try value(flag)
                guard token.count >= 16 else { throw .invalid("--debug-token needs at least 16 characters.") }
                options.debugToken = token
            case "--limit-actions-per-s": options.limits.actionsPerSecond = try number(flag, 0...1_000_000)
            case "--limit-actions-burst": options.limits.actionsBurst = try number(flag, 1...1_000_000)
            case "--limit-new-users-per-min": options.limits.newUsersPerMinute = try number(flag, 0...1_000_000)
            case "--limit-sessions-per-user": options.limits.sessionsPerUser = try number(flag, 0...1_000_000)
            case "--limit-members-per-list": options.limits.membersPerList = try number(flag, 0...100_000_000)
            case "--limit-lists-per-user": options.limits.listsPerUser = try number(flag, 0...1_000_000)
            case "--limit-invites-per-list": options.limits.invitesPerList = try number(flag, 0...1_000_000)
            case "--trusted-proxy": options.limits.trustedProxies.append(try value(flag))
            default: throw .invalid("Unknown option '\(flag)'.")
            }
        }
        if options.debugToken != nil, !options.debug {
            throw .invalid("--debug-token is only read with --debug.")
        }
        if options.catalogCSV != nil, options.pokeAPI != nil {
            throw .invalid("Choose one data source: --catalog-csv or --pokeapi.")
        }
        return options
    }
}
