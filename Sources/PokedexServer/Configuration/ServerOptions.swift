import CommandLineOptions
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
    /// A new connection stays on the first service thread busy less than this share of a core
    /// (percent), else goes to the least busy: one core's load wakes one thread. 0: round robin.
    public var spreadAbovePercent = 50
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
    /// Serves `/debug/sessions` (each live session's recording, with its actions' state changes) to loopback clients, and to
    /// any client presenting `debugToken`.
    public var debug = false
    public var debugToken: String?
    /// Every session writes a recording (`docs/RECORDING.md`) of its last `recordActions`
    /// actions, to `recordDirectory` (default: `recordings` beside the SQLite database).
    public var record = false
    public var recordActions = 1_000
    public var recordDirectory: String?

    public init() {}

    /// `--help`'s text, generated from the declarations in `ServerOptions+Parsing.swift`.
    public static var usage: String { parser.usage }

    public typealias ParseError = OptionError

    public static func parse(_ arguments: [String]) throws(OptionError) -> ServerOptions {
        try parser.parse(arguments, into: ServerOptions())
    }
}
