import Foundation
import PokedexServer
import StateSync
import WebSocketServer

/// `scripts/bench fanout-cpu`: the server's own CPU for each member a star reaches, without the
/// sockets and the tester that `scripts/bench load`'s fan-out also counts. 1,000 real sessions
/// of one shared list (an owner and members who joined by its invite) on an in-process server
/// (`InProcessServer`: the real handler, sessions, Stores, projection and output, one service
/// thread without lws); the owner sets or unsets a star, and the service thread's CPU from
/// before the action until every member's patch was handed to its connection, divided by the
/// members, is one sample: the figures are the median of 31 and the least.
public let fanoutCPUSuite = Suite(name: "fanout-cpu", summary: "the server's CPU per member a star reaches, 1,000 sessions of one list in process") {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bench-fanout-cpu-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let members = 1000
    let fanout = try await InProcessFanout.start(members: members, in: directory)
    var samples: [Double] = []
    for star in 0..<31 {
        // Stars set and unset in turn among a list that holds a few dozen.
        let id = 1 + (star * 7) % 60
        samples.append(try await fanout.serviceCPUSeconds(starring: id, on: !fanout.favorites.contains(id)))
    }
    await fanout.shutDown()
    samples.sort()
    // The least is the figure least moved by the host's other work (it only ever adds).
    return [
        Figure("fanout_cpu.us_per_member_\(members)", samples[samples.count / 2] / Double(members) * 1e6, "us"),
        Figure("fanout_cpu.us_per_member_\(members)_least", samples[0] / Double(members) * 1e6, "us"),
    ]
}

/// One list's members, each a session of an in-process server, and the owner who stars.
final class InProcessFanout {
    let server: InProcessServer
    let owner: InProcessPeer
    let peers: [InProcessPeer]
    let listID: String
    private(set) var favorites: Set<Int> = []
    private var ref = 0

    private init(server: InProcessServer, owner: InProcessPeer, peers: [InProcessPeer], listID: String) {
        self.server = server
        self.owner = owner
        self.peers = peers
        self.listID = listID
    }

    /// A fresh server on a database in `directory` (limits off) with `members` sessions of the
    /// owner's list, the owner's among them, every frame of their setup read.
    static func start(members: Int, in directory: String) async throws -> InProcessFanout {
        let server = try InProcessServer(options: .inProcessBench(in: directory))
        let owner = server.connect()
        owner.send(ClientMessage.hello(.init(route: "/")).encoded())
        var state = try await read(owner, from: .null) { $0 != .null }
        let listID = state["lists"]?["active"]?.stringValue ?? ""
        owner.send(ClientMessage.action(ref: 1, action: ["favoritesTapped": [:]]).encoded())
        owner.send(ClientMessage.action(ref: 2, action: ["destination": ["presented": ["favorites": ["inviteTapped": ["role": "editor"]]]]]).encoded())
        state = try await read(owner, from: state) { $0["destination"]?["favorites"]?["invite"]?["link"] != nil }
        let code = String(state["destination"]?["favorites"]?["invite"]?["link"]?.stringValue?.split(separator: "/").last ?? "")
        // Closed again: an open roster would be pushed every join, and every star's activity.
        owner.send(ClientMessage.action(ref: 3, action: ["destination": ["dismiss": [:]]]).encoded())
        _ = try await read(owner, from: state) { $0["destination"] == .null }
        var peers = [owner]
        // Joined a hundred at a time: each hello makes a user and joins the list.
        while peers.count < members {
            let batch = (0..<min(100, members - peers.count)).map { _ in server.connect() }
            for peer in batch { peer.send(ClientMessage.hello(.init(route: "/join/\(code)")).encoded()) }
            // Each leaves the Favorites view its join opened, as the load tester's members do
            // (it lists members: every join and presence change would patch it).
            for peer in batch {
                let joined = try await read(peer, from: .null) { $0["lists"]?["active"]?.stringValue == listID }
                peer.send(ClientMessage.action(ref: 1, action: ["destination": ["dismiss": [:]]]).encoded())
                _ = try await read(peer, from: joined) { $0["destination"] == .null }
            }
            peers += batch
        }
        let fanout = InProcessFanout(server: server, owner: owner, peers: peers, listID: listID)
        fanout.ref = 3
        try await fanout.settle()
        return fanout
    }

    /// The service thread's CPU seconds for one star of the owner's reaching every member.
    func serviceCPUSeconds(starring id: Int, on: Bool) async throws -> Double {
        let before = server.serviceThreadCPUSeconds
        ref += 1
        owner.send(ClientMessage.action(ref: ref, action: ["favoriteSet": ["list": .string(listID), "id": .int(id), "on": .bool(on)]]).encoded())
        // Polled, not awaited per member: a member waiting for its frame would cost the service
        // thread a continuation to resume, which no socket costs.
        let expected: PatchOperation = on ? .add(path: "/favorites/\(id)", value: true) : .remove(path: "/favorites/\(id)")
        var waiting = Array(peers.indices)
        let deadline = ContinuousClock.now + .seconds(30)
        while !waiting.isEmpty {
            try await Task.sleep(for: .milliseconds(1))
            guard ContinuousClock.now < deadline else { throw FanoutBenchError.membersMissedTheStar(waiting.count) }
            waiting = try waiting.filter { index in
                let frames = peers[index].takeReceived()
                for frame in frames {
                    guard case let .patch(_, ops, _, _) = try ServerMessage.parse(frame) else { continue }
                    guard ops == [expected] else { throw FanoutBenchError.unexpectedPatch(String(decoding: frame, as: UTF8.self)) }
                    return false
                }
                return true
            }
        }
        let after = server.serviceThreadCPUSeconds
        if on { favorites.insert(id) } else { favorites.remove(id) }
        // The owner's ack may come alone, after its patch.
        try await settle()
        return after - before
    }

    /// Reads every frame still on its way (acks, the joins' throttled pushes) until none came
    /// for 150 ms, so a sample counts one star and nothing else.
    private func settle() async throws {
        var quiet = false
        while !quiet {
            try await Task.sleep(for: .milliseconds(150))
            quiet = true
            for peer in peers where !peer.takeReceived().isEmpty { quiet = false }
        }
    }

    func shutDown() async {
        await server.shutdown()
    }

    /// Applies `peer`'s frames to `state` until `done` holds; returns the state.
    private static func read(_ peer: InProcessPeer, from state: JSONValue, until done: (JSONValue) -> Bool) async throws -> JSONValue {
        var state = state
        while !done(state) {
            switch try ServerMessage.parse(try await peer.next(timeout: .seconds(30))) {
            case let .snapshot(_, snapshot): state = snapshot
            case let .patch(_, ops, _, _): state = try JSONPatch.apply(ops, to: state)
            case let .error(_, code, message): throw FanoutBenchError.refused("\(code): \(message)")
            default: break
            }
        }
        return state
    }
}

enum FanoutBenchError: Error {
    case membersMissedTheStar(Int)
    case unexpectedPatch(String)
    case refused(String)
}
