/// What a run measured, as printed, written with `--json` and drawn with `--html`.
/// Latencies are in milliseconds.
public struct Report: Codable, Sendable, Equatable {
    public struct Latency: Codable, Sendable, Equatable {
        public var count: Int
        public var p50: Double
        public var p95: Double
        public var p99: Double
        public var max: Double
        /// Non-empty histogram buckets: lowest value in the bucket (ms) and count.
        public var buckets: [Bucket]
    }

    public struct Bucket: Codable, Sendable, Equatable {
        public var fromMs: Double
        public var toMs: Double
        public var count: Int
    }

    /// One second of the run: how many actions were acknowledged and how fast.
    public struct Second: Codable, Sendable, Equatable {
        public var second: Int
        public var count: Int
        public var p50: Double
        public var p99: Double
        public var max: Double
    }

    /// One second of the run beyond action latency (`Second`): what the tester sent and the
    /// errors it met, and, with `--server-pid` or from `/metrics`, the server's CPU (cores busy
    /// over that second) and resident memory.
    public struct SeriesPoint: Codable, Sendable, Equatable {
        public var second: Int
        public var actionsSent: Int
        public var errors: Int
        public var serverCores: Double?
        public var serverRSSMiB: Double?
    }

    public struct Convergence: Codable, Sendable, Equatable {
        public var checked: Int
        public var matched: Int
        public var passed: Bool
        public var detail: String?
    }

    public struct Memory: Codable, Sendable, Equatable {
        public var beforeKiB: Int
        public var afterKiB: Int
        public var kibPerSession: Double
    }

    public struct Resume: Codable, Sendable, Equatable {
        public var byPatches: Int
        public var bySnapshot: Int
        public var seconds: Double?
    }

    /// CPU used over the measured phase (browse: once every session was connected; favorites:
    /// while the writers wrote), by the tester and, with `--server-pid`, by the server.
    public struct CPU: Codable, Sendable, Equatable {
        public struct Share: Codable, Sendable, Equatable {
            public var cpuSeconds: Double
            /// Cores kept busy on average: CPU seconds over the phase's wall time.
            public var cores: Double
            public var microsPerAction: Double?
            public var microsPerPatch: Double?
        }

        public var seconds: Double
        public var actions: Int
        public var patches: Int
        public var tester: Share
        public var server: Share?
    }

    /// The server's own action latency over the phase `cpu` covers, from the histogram at its
    /// `/metrics` (from an action frame being read to its state being sent). Its percentiles are
    /// bucket bounds: the value is at most that.
    public struct ServerLatency: Codable, Sendable, Equatable {
        public struct Share: Codable, Sendable, Equatable {
            public var withinMs: Double
            public var share: Double
        }

        public var count: Int
        public var p50AtMostMs: Double?
        public var p99AtMostMs: Double?
        public var shares: [Share]
    }

    public var scenario: String
    public struct Writes: Codable, Sendable, Equatable {
        public var acknowledged: Int
        public var seconds: Double
        public var perSecond: Double
    }

    public struct Failover: Codable, Sendable, Equatable {
        public var sessions: Int
        public var cutOff: Int
        public var restored: Int
        public var wrongScreens: Int
        /// From the first connection the kill cut to the last session restored on the survivor.
        public var seconds: Double?
    }

    public struct Presence: Codable, Sendable, Equatable {
        public var members: Int
        public var cutOff: Int
        /// From the first connection the kill cut to the roster showing its members offline.
        public var expirySeconds: Double
    }

    /// The first server; `targets` names all of them, sessions spread round robin.
    public var target: String
    public var targets: [String]
    public var sessions: Int
    /// The tester's event loops (`--loops`).
    public var loops: Int
    /// Whether the tester ran at real-time priority (`--realtime`).
    public var realtime: Bool
    public var elapsedSeconds: Double
    public var connectedSessions: Int
    public var heldSessions: Int?
    public var connectsPerSecond: Double
    public var connect: Latency
    public var actionToPatch: Latency
    /// Actions sent once every session was connected (nil where a scenario has no such phase).
    public var steadyActionToPatch: Latency?
    /// From a write to every member's copy showing it, one figure per write.
    public var fanout: Latency
    /// From a write to each member's copy showing it, one figure per member and write.
    public var fanoutToEachMember: Latency
    public var actionsSent: Int
    /// Actions sent, by kind (`list.rowTapped`: 412).
    public var actionsByKind: [String: Int]
    public var actionsPerSecond: Double
    public var patchesReceived: Int
    public var patchesPerSecond: Double
    public var bytesIn: Int
    public var bytesOut: Int
    public var errorCount: Int
    /// Row taps refused because the list had changed under them on the way (a race a browser
    /// has too; the copy showed the row gone when the refusal came): not errors.
    public var staleTaps: Int?
    /// Errors per 100 operations (connections made and actions sent).
    public var errorPercent: Double
    public var errors: [String: Int]
    public var errorExamples: [String]
    /// Close codes of every connection that ended, as strings ("1000": 42).
    public var closeCodes: [String: Int]
    public var convergence: Convergence?
    public var serverMemory: Memory?
    public var resume: Resume?
    public var cpu: CPU?
    public var serverActionLatency: ServerLatency?
    public var timeline: [Second]
    public var writes: Writes?
    /// writes: each list's starred ids at the end, by list id.
    public var favoritesByList: [String: [Int]]?
    public var failover: Failover?
    public var presence: Presence?
    /// Per second of the run: actions sent, errors, and the server's CPU and RSS.
    public var series: [SeriesPoint]
    /// `--compare`: this run beside a baseline.
    public var comparison: Comparison?
    /// Why the scenario could not run at all.
    public var failure: String?
    public var maxErrors: Int

    /// Ran, no more errors than allowed, and converged where convergence was checked.
    public var passed: Bool {
        failure == nil && errorCount <= maxErrors && (convergence?.passed ?? true) && (comparison?.passed ?? true)
    }
}
