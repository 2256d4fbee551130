import CommandLineOptions
import Logging
import Storage

extension ServerOptions {
    /// `pokedex-server`'s options, declared once for parsing and for `--help`.
    static let parser = OptionParser<ServerOptions>(
        command: "pokedex-server",
        summary: "serve the multi-user Pok\u{E9}dex Live web client and its websocket sessions",
        sections: [
            .init(nil, [
                .text("--host", "HOST", help: "address to listen on (default 127.0.0.1)") { $0.host = $1 },
                .integer("--port", "PORT", in: 0...65535,
                         help: "port for the web client, /ws, /healthz and /metrics (default 8080; 0 picks one)") { $0.port = $1 },
                .text("--web", "DIR", help: "the static web client (default ./web)") { $0.webRoot = $1 },
                .text("--catalog-csv", "DIR", help: "serve the full dex from a PokeAPI CSV dump (data/v2/csv layout)") { $0.catalogCSV = $1 },
                .text("--pokeapi", "URL", help: "serve live PokeAPI data, e.g. https://pokeapi.co/api/v2 (cached in --db)") { $0.pokeAPI = $1 },
                .text("--sprites", "DIR", help: """
                    serve the sprites from a local folder of ID.png (e.g. a PokeAPI sprites
                    checkout's sprites/pokemon); never fetches them
                    """) { options, text throws(OptionError) in options.spritesDirectory = try nonEmptyPath("--sprites", text) },
                .text("--sprites-url", "URL", help: """
                    fetch sprite ID.png from URL/ID.png (default PokeAPI's sprites repository);
                    without network every sprite is a placeholder
                    """) { $0.spritesURL = $1 },
                .text("--db", "PATH|URL", help: """
                    SQLite file (default ./data/pokedex.sqlite), or postgresql://user@host:port/db
                    for cluster mode: several processes share users, lists and sessions
                    """) { options, text throws(OptionError) in options.database = try nonEmptyPath("--db", text) },
                .text("--cache-db", "PATH", help: """
                    with a postgresql:// --db, this process's own SQLite response cache
                    (default ./data/cache-PORT.sqlite)
                    """) { options, text throws(OptionError) in options.cacheDatabase = try nonEmptyPath("--cache-db", text) },
                .text("--allowed-origin", "ORIGIN", help: "also accept websocket upgrades from ORIGIN (repeatable)") {
                    $0.allowedOrigins.append($1)
                },
                .text("--durability", "normal|full", help: """
                    normal (default): a commit survives the process being killed; the last
                    commits may be lost on power loss. full: survives power loss too,
                    at an fsync per commit (SQLite PRAGMA synchronous)
                    """) { options, text throws(OptionError) in
                    guard let durability = Database.Synchronous(rawValue: text.uppercased()) else {
                        throw .invalid("--durability takes normal or full, not '\(text)'.")
                    }
                    options.durability = durability
                },
                .integer("--grace", "SECONDS", in: 0...86_400, help: "keep a disconnected session for resuming (default 120)") {
                    $0.graceSeconds = $1
                },
                .integer("--max-message-bytes", in: 1024...16 << 20, help: "largest accepted websocket message (default 65536)") {
                    $0.maxMessageBytes = $1
                },
                .text("--public-url", "URL", help: "the address in invite links (default http://HOST:PORT)") { $0.publicURL = $1 },
                .integer("--busy-timeout-ms", in: 1...600_000,
                         help: "how long a write waits for the database's lock before it fails (default 5000)") {
                    $0.busyTimeoutMilliseconds = $1
                },
                .integer("--service-threads", in: 1...64, help: "threads serving connections and running their sessions (default 2)") {
                    $0.serviceThreads = $1
                },
                .integer("--spread-above", "PERCENT", in: 0...100, help: """
                    with several service threads, a new connection stays on the first thread
                    busy less than PERCENT of a core, else goes to the least busy one
                    (default 50; 0 deals connections round robin)
                    """) { $0.spreadAbovePercent = $1 },
                .flag("--realtime", help: """
                    run every thread at real-time priority (SCHED_FIFO 1): needs root,
                    CAP_SYS_NICE or an RLIMIT_RTPRIO of 1 (systemd: LimitRTPRIO=1)
                    """) { $0.realtime = true },
                .text("--log-format", "logfmt|json", help: "how log lines on stderr are written (default logfmt)") { options, text throws(OptionError) in
                    guard let format = LogFormat(rawValue: text) else {
                        throw .invalid("--log-format takes logfmt or json, not '\(text)'.")
                    }
                    options.logFormat = format
                },
                .flag("--debug", help: """
                    keep each session's recording in memory, with each action's state
                    changes, and serve them at /debug/sessions (loopback clients only,
                    unless they present --debug-token)
                    """) { $0.debug = true },
                .text("--debug-token", "TOKEN", help: """
                    with --debug, also serve /debug to any client sending
                    Authorization: Bearer TOKEN
                    """) { options, token throws(OptionError) in
                    guard token.count >= 16 else { throw .invalid("--debug-token needs at least 16 characters.") }
                    options.debugToken = token
                },
                .flag("--record", help: """
                    every session records its actions, effects' results and patches
                    (docs/RECORDING.md), written when it ends; replay with pokedex-replay
                    """) { $0.record = true },
                .integer("--record-actions", in: 1...1_000_000, help: "actions a recording keeps, the last ones (default 1000)") {
                    $0.recordActions = $1
                },
                .text("--record-directory", "DIR", help: "where recordings are written (default: recordings beside the database)") {
                    $0.recordDirectory = $1
                },
            ]),
            .init("Limits (0 turns one off; refusals are error frames, counted in /metrics)", [
                limit("--limit-actions-per-s", \.actionsPerSecond, help: """
                    actions a connection may send per second, sustained (default 30);
                    over it an action gets rate_limited, and a connection refused
                    BURST more times without pausing is closed with 1008
                    """),
                limit("--limit-actions-burst", \.actionsBurst, in: 1...1_000_000, help: "actions a connection may send at once (default 60)"),
                limit("--limit-new-users-per-min", \.newUsersPerMinute, help: "users one client address may create a minute (default 20)"),
                limit("--limit-sign-in-codes-per-min", \.signInCodesPerMinute, help: "sign-in codes a user may make a minute (default 5)"),
                limit("--limit-sign-ins-per-min", \.signInsPerMinute, help: "sign-in attempts with a code one client address may make a minute (default 10)"),
                limit("--limit-sessions-per-user", \.sessionsPerUser, help: "sessions a user may hold, kept ones included (default 100)"),
                limit("--limit-members-per-list", \.membersPerList, in: 0...100_000_000, help: "members a list may have (default 20000)"),
                limit("--limit-lists-per-user", \.listsPerUser, help: "lists a user may belong to (default 100)"),
                limit("--limit-invites-per-list", \.invitesPerList, help: "open invites a list may have (default 100)"),
                .text("--trusted-proxy", "ADDR", help: """
                    a reverse proxy whose X-Forwarded-For (last hop) names the
                    client address (repeatable; others' headers are ignored)
                    """) { $0.limits.trustedProxies.append($1) },
            ]),
        ],
        footer: "Without --catalog-csv or --pokeapi the embedded catalog of the first 151 Pokémon is served.",
        validate: { options throws(OptionError) in
            if options.recordDirectory != nil, !options.record {
                throw .invalid("--record-directory is only read with --record.")
            }
            if options.debugToken != nil, !options.debug {
                throw .invalid("--debug-token is only read with --debug.")
            }
            if options.catalogCSV != nil, options.pokeAPI != nil {
                throw .invalid("Choose one data source: --catalog-csv or --pokeapi.")
            }
        }
    )

    /// One of `Limits`, a whole number in `range` (0 turns most of them off).
    private static func limit(
        _ name: String, _ limit: WritableKeyPath<Limits, Int> & Sendable, in range: ClosedRange<Int> = 0...1_000_000,
        help: String
    ) -> Option<ServerOptions> {
        .integer(name, in: range, help: help) { $0.limits[keyPath: limit] = $1 }
    }

    /// An empty path would open SQLite's private temporary database: nothing saved, nothing
    /// shared. It is what `--db ${DATABASE_URL}` gets when the env file leaves it unset.
    private static func nonEmptyPath(_ flag: String, _ text: String) throws(OptionError) -> String {
        guard !text.isEmpty else { throw .invalid("\(flag) needs a non-empty path or URL.") }
        return text
    }
}

extension ServerOptions {
    /// The process's command line; prints the usage and exits on `--help` or a refused one.
    public static func parseOrExit() -> ServerOptions {
        parser.parseOrExit(into: ServerOptions())
    }
}
