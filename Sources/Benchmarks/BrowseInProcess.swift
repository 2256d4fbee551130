import Foundation
import LoadTest
import PokedexServer
import StateSync
import WebSocketServer

/// `scripts/bench browse`: the sync suite's browse figures alone.
public let browseSuite = Suite(name: "browse", summary: "server CPU per action of the browse walk, on sessions in process (also in sync)") {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bench-browse-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: directory) }
    return try await BrowseInProcess.figures(in: directory)
}

/// `sync.browse_us_per_action`: the CPU the server spends on one action of the load test's
/// browse walk (scroll, open a row, close it, search and clear, open a detail by its URL), on
/// real sessions in process (`InProcessServer`: the real handler, sessions, Stores, effects,
/// projection, diff and frames; no socket). Every session acts as soon as its last action was
/// answered, so a few hundred sessions keep the server's thread busy, as the load test's
/// thousand do at 10 actions a second each.
///
/// The figure is the CPU of the transport's one thread, where every Store, effect start,
/// projection and patch of these sessions runs; it leaves out what a real server adds around
/// it (lws, the sockets' system calls, waking up) and what runs on other threads (the saved
/// screens' SQLite writes), and it includes handing each frame to the browsers' side (a
/// continuation resumed, where a server writes to a socket). Compare it with itself, in
/// alternating runs; `sync.browse_process_us_per_action` adds the browsers' side (parsing
/// and applying every frame).
enum BrowseInProcess {
    struct Result {
        /// CPU seconds of the server's thread per action, and of the whole process (the
        /// browsers' side included) per action.
        var serviceThreadSecondsPerAction: Double
        var processSecondsPerAction: Double
        var actionsByKind: [String: Int]
    }

    /// The figures, and the walk's mix on stderr (the figure moves with it).
    static func figures(in directory: String) async throws -> [Figure] {
        let result = try await measure(in: directory)
        let mix = result.actionsByKind.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        FileHandle.standardError.write(Data("sync.browse actions: \(mix)\n".utf8))
        return [
            Figure("sync.browse_us_per_action", result.serviceThreadSecondsPerAction * 1e6, "us"),
            Figure("sync.browse_process_us_per_action", result.processSecondsPerAction * 1e6, "us"),
        ]
    }

    static func measure(in directory: String, sessions: Int = 300, warmUpActions: Int = 10, actionsPerSession: Int = 150) async throws -> Result {
        let server = try InProcessServer(options: .inProcessBench(in: directory))
        let browsers = (0..<sessions).map { InProcessBrowser(peer: server.connect(), seed: UInt64($0) &* 0x9E37_79B9 &+ 1) }
        try await inParallel(browsers) { try await $0.hello() }
        try await inParallel(browsers) { try await $0.walk(actions: warmUpActions) }
        for browser in browsers { browser.actionsByKind = [:] }

        let threadBefore = server.serviceThreadCPUSeconds
        let processBefore = processCPUSeconds()
        try await inParallel(browsers) { try await $0.walk(actions: actionsPerSession) }
        let thread = server.serviceThreadCPUSeconds - threadBefore
        let process = processCPUSeconds() - processBefore

        await server.shutdown()
        let actions = Double(sessions * actionsPerSession)
        var mix: [String: Int] = [:]
        for browser in browsers { mix.merge(browser.actionsByKind, uniquingKeysWith: +) }
        return Result(serviceThreadSecondsPerAction: thread / actions, processSecondsPerAction: process / actions, actionsByKind: mix)
    }

    private static func inParallel(_ browsers: [InProcessBrowser], _ body: @escaping @Sendable (InProcessBrowser) async throws -> Void) async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            for browser in browsers { group.addTask { try await body(browser) } }
            try await group.waitForAll()
        }
    }

    private static func processCPUSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}

/// One browser of the in-process browse walk: keeps its copy of the state from the frames and
/// takes its next action from the load tester's `BrowsePlan` (without think time, so a search
/// settles for less than the walk's second: its results come after the list's 300 ms
/// debounce and replace the rows).
private final class InProcessBrowser: @unchecked Sendable {
    let peer: InProcessPeer
    private var plan: BrowsePlan
    private var state: JSONValue = .null
    private var ref = 0
    private var lastAnswerAt: ContinuousClock.Instant?
    var actionsByKind: [String: Int] = [:]

    init(peer: InProcessPeer, seed: UInt64) {
        self.peer = peer
        plan = BrowsePlan(seed: seed, searchSettle: .milliseconds(400))
    }

    func hello() async throws {
        peer.send(ClientMessage.hello(.init(route: "/")).encoded())
        while state["list"]?["status"] != "loaded" { try await read() }
    }

    func walk(actions: Int) async throws {
        for _ in 0..<actions {
            let action = plan.nextAction(for: state, lastAnswerAt: lastAnswerAt)
            actionsByKind[ActionKind.name(of: action), default: 0] += 1
            ref += 1
            let sent = ref
            peer.send(ClientMessage.action(ref: sent, action: action).encoded())
            while try await read() != sent {}
            lastAnswerAt = .now
        }
    }

    /// Reads one frame into the copy; returns the ref it answers, if any.
    @discardableResult
    private func read() async throws -> Int? {
        switch try ServerMessage.parse(try await peer.next()) {
        case let .snapshot(_, state):
            self.state = state
            return nil
        case let .patch(_, ops, ack, _):
            state = try JSONPatch.apply(ops, to: state)
            return ack
        case let .ack(ref, _):
            return ref
        case let .error(ref, _, _):
            // An open whose row a search's late results replaced meanwhile: counted apart.
            actionsByKind["refused", default: 0] += 1
            return ref
        case .welcome:
            return nil
        }
    }
}
