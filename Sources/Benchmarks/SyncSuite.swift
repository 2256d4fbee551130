import Foundation
import PokedexServer
import StateSync
import WebSocketServer

/// `scripts/bench sync`: the frames a real server sends one session, and the cost of diffing,
/// patching and parsing its real client-visible state, with 100 rows loaded and a detail open.
public let syncSuite = Suite(name: "sync", summary: "patch frame sizes, diff and patch time, and parse speed over the real client-visible state") {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bench-sync-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let (server, client, session) = try await BenchSession.start(in: directory)
    defer { client.shutdown() }
    let pageFrame = try await session.loadPages().max { $0.count < $1.count } ?? []
    let pageRows = session.state["list"]?["pages"]?[1]?.jsonBytes.count ?? 0
    let beforeStar = session.state
    let starFrames = try await session.perform(["favoriteSet": ["list": session.state["lists"]?["active"] ?? .null, "id": 25, "on": true]]) { $0.state["favorites"]?["25"] != nil }
    let afterStar = session.state
    let snapshot = ServerMessage.snapshot(seq: session.seq, state: afterStar).encoded()

    // The two states share their unchanged parts, as the server's memoized projection does
    // (SessionProjection reuses each unchanged part's JSON), so the diff skips them at once.
    let ops = JSONPatch.diff(from: beforeStar, to: afterStar)
    let diffSeconds = Measure.median(repeats: 2001) {
        precondition(JSONPatch.diff(from: beforeStar, to: afterStar) == ops)
    }
    // A star amid a list's 75 others, as every member's session diffs it in a fan-out.
    let starred = (1...151).filter { $0 % 2 == 0 }.prefix(75)
    let manyBefore = favoritesState(afterStar, ids: Array(starred))
    let manyAfter = favoritesState(afterStar, ids: Array(starred) + [77])
    let starOps = JSONPatch.diff(from: manyBefore, to: manyAfter)
    let starDiffSeconds = Measure.median(repeats: 2001) {
        precondition(JSONPatch.diff(from: manyBefore, to: manyAfter) == starOps)
    }
    // A browser copy (here a load-test session's) unstarring one of 75 and starring it again.
    var copy = try JSONParser.parse(ServerMessage.snapshot(seq: 0, state: manyBefore).encoded())
    let toggle = [PatchOperation.remove(path: "/state/favorites/76"), .add(path: "/state/favorites/76", value: true)]
    let toggleSeconds = try Measure.median(repeats: 2001) { try JSONPatch.apply(toggle, to: &copy) }
    // What the load tester does with every frame it receives, and the server with every action.
    let parseSeconds = try Measure.median(repeats: 501) { _ = try JSONParser.parse(snapshot) }
    await server.shutdown()
    // What `--debug`'s action log costs an action, against the same action without it.
    let actionSeconds = try await navigationRoundTrip(debug: false, in: directory + "/plain")
    let debugActionSeconds = try await navigationRoundTrip(debug: true, in: directory + "/debug")
    let browse = try await BrowseInProcess.figures(in: directory + "/browse")
    return browse + [
        Figure("sync.star_patch_bytes", Double(starFrames.map(\.count).reduce(0, +)), "bytes"),
        Figure("sync.page_patch_bytes", Double(pageFrame.count), "bytes"),
        Figure("sync.page_rows_bytes", Double(pageRows), "bytes"),
        Figure("sync.state_bytes_100_rows", Double(snapshot.count), "bytes"),
        Figure("sync.diff_us_100_rows", diffSeconds * 1e6, "us"),
        Figure("sync.diff_us_star_among_75", starDiffSeconds * 1e6, "us"),
        Figure("sync.apply_us_star_toggle_among_75", toggleSeconds * 1e6, "us"),
        Figure("sync.parse_mb_per_s", Double(snapshot.count) / parseSeconds / 1e6, "MB/s"),
        Figure("sync.action_round_trip_us", actionSeconds * 1e6, "us"),
        Figure("sync.action_round_trip_us_debug", debugActionSeconds * 1e6, "us"),
        ActionDecodeFigure.measure(),
    ]
}

/// `state` with its favorites set to `ids`, built as the server builds them (sorted).
private func favoritesState(_ state: JSONValue, ids: [Int]) -> JSONValue {
    var state = state
    state["favorites"] = .object(JSONObject(uniqueKeysWithValues: ids.sorted().map { (String($0), JSONValue.bool(true)) }))
    return state
}

/// One browser session for the benchmark: applies every frame, keeps the raw frames an
/// action caused.
final class BenchSession {
    let connection: ClientConnection
    private(set) var state: JSONValue = .null
    private(set) var seq = 0
    /// The ref of the last action sent, and of the last one acknowledged.
    private(set) var ref = 0
    private(set) var acknowledged = 0

    /// A fresh server on a database in `directory` (limits off: the suites time frames) and a
    /// session on a detail with the list's first page loaded.
    static func start(in directory: String, debug: Bool = false, record: Bool = false) async throws -> (PokedexServer, WebSocketClient, BenchSession) {
        var options = ServerOptions()
        options.port = 0
        options.database = directory + "/pokedex.sqlite"
        options.limits = .unlimited
        options.debug = debug
        options.record = record
        let server = try PokedexServer(options: options)
        try server.start()
        let client = try WebSocketClient()
        let session = try await BenchSession(client: client, port: server.port, route: "/pokemon/25")
        try await session.read { $0.state["list"]?["status"] == "loaded" }
        return (server, client, session)
    }

    /// Loads four more pages (100 rows in all); returns the frames the first of them caused.
    func loadPages() async throws -> [[UInt8]] {
        var firstFrames: [[UInt8]] = []
        for page in 1..<5 {
            let frames = try await perform(["list": ["reachedEnd": [:]]]) { $0.state["list"]?["pages"]?.arrayValue?.count == page + 1 }
            if page == 1 { firstFrames = frames }
        }
        return firstFrames
    }

    init(client: WebSocketClient, port: Int, route: String) async throws {
        connection = client.connect(port: port)
        try await connection.waitUntilOpen(timeout: .seconds(10))
        _ = connection.send(ClientMessage.hello(.init(route: route)).encoded())
        try await read { $0.state != .null }
    }

    /// Sends an action; returns the frames received until `done` holds.
    func perform(_ action: JSONValue, until done: (BenchSession) -> Bool) async throws -> [[UInt8]] {
        ref += 1
        _ = connection.send(ClientMessage.action(ref: ref, action: action).encoded())
        return try await read(until: done)
    }

    @discardableResult
    func read(until done: (BenchSession) -> Bool) async throws -> [[UInt8]] {
        var frames: [[UInt8]] = []
        while !done(self) {
            let frame = try await connection.nextMessage(timeout: .seconds(10))
            frames.append(frame)
            switch try ServerMessage.parse(frame) {
            case let .snapshot(seq, state):
                self.seq = seq
                self.state = state
            case let .patch(seq, ops, ack, _):
                self.seq = seq
                state = try JSONPatch.apply(ops, to: state)
                if let ack { acknowledged = ack }
            case let .ack(ref, _):
                acknowledged = ref
            case .welcome, .error:
                break
            }
        }
        return frames
    }
}
