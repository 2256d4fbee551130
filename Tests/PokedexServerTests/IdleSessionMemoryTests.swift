import Foundation
#if canImport(Glibc)
import Glibc
#endif
@testable import PokedexServer
import StateSync
import Storage
import TestSupport
import WebSocketServer
import XCTest

/// What an idle session holds, part by part (issue 36): the process's resident memory before and
/// after building each part for many sessions at once (as `scripts/bench load` reads the
/// server's), printed as
/// `memory.<part>_bytes_per_session N`. lws's own part is not here (there is no lws in process):
/// `scripts/bench load` prints a bare lws connection's (`load.raw_lws_rss_kib_per_connection`).
/// The assertions only check that the parts are measured and add up; the figures are the output.
final class IdleSessionMemoryTests: InProcessTestCase {
    static let sessions = 1000

    /// A thousand new users from one address: no limits.
    override func configure(_ options: inout ServerOptions) {
        options.limits = .unlimited
    }

    /// Resident bytes, from `/proc/self/statm` (its second field, in pages), once the allocator
    /// gave its free pages back: memory earlier tests freed stays resident otherwise, and a
    /// part's allocations (a small part: under a kilobyte a session) landed in it unseen.
    private static func heapInUse() -> Int {
        releaseFreePages()
        let fields = (try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8))?.split(separator: " ") ?? []
        return fields.count > 1 ? (Int(fields[1]) ?? 0) * Int(sysconf(Int32(_SC_PAGESIZE))) : 0
    }

    /// glibc's `malloc_trim(0)`, which the Swift module of Glibc does not declare.
    private static func releaseFreePages() {
        typealias Trim = @convention(c) (Int) -> Int32
        guard let trim = dlsym(nil, "malloc_trim") else { return }
        _ = unsafeBitCast(trim, to: Trim.self)(0)
    }

    /// Reads the peer's frames until one shows the list loaded; none is kept.
    private func readUntilListLoaded(_ peer: InProcessPeer) async throws {
        let loaded = Array(#""status":"loaded""#.utf8)
        while true {
            let frame = try await peer.next(timeout: .seconds(20))
            if frame.firstRange(of: loaded) != nil { return }
        }
    }

    func testAnIdleSessionsMemoryByPart() async throws {
        let count = Self.sessions
        // Warm: the catalog, the caches every session shares, the runtime's metadata.
        let warm = try await open()
        _ = warm
        var figures: [(String, Int)] = []
        func record(_ name: String, _ bytes: Int) {
            figures.append((name, bytes / count))
        }

        // 1. The whole of it, by the real path: a new user's hello, welcome, snapshot.
        var heap = Self.heapInUse()
        var peers: [InProcessPeer] = []
        for _ in 0..<count {
            let peer = server.connect()
            peer.send(ClientMessage.hello(.init(route: "/")).encoded())
            try await readUntilListLoaded(peer)
            peers.append(peer)
        }
        let total = Self.heapInUse() - heap
        record("whole_session", total)

        // 2. The same parts built by hand for an existing user, one stage at a time.
        let context = server.app.handler.context
        let user = try XCTUnwrap(server.app.registry.liveSessions.first?.user)
        heap = Self.heapInUse()
        var connections: [InProcessPeer] = []
        for _ in 0..<count { connections.append(server.connect()) }
        record("connection_in_process", Self.heapInUse() - heap)

        heap = Self.heapInUse()
        var built: [Session] = []
        for peer in connections {
            let executor = peer.connection.executor
            let id = RandomToken.hex(byteCount: 16)
            built.append(await context.hub.storage.result(of: {
                Session(id: id, route: "/", user: user, executor: executor, context: context)
            }))
        }
        record("store_and_initial_state", Self.heapInUse() - heap)

        heap = Self.heapInUse()
        for session in built {
            await session.start()
            try await waitUntil("the first page is loaded") { await session.store.withState { !$0.list.rows.isEmpty } }
        }
        record("first_page_and_observers", Self.heapInUse() - heap)

        heap = Self.heapInUse()
        for (session, peer) in zip(built, connections) {
            await session.attach(peer.connection, welcome: Array(#"{"type":"welcome"}"#.utf8))
            try await readUntilListLoaded(peer)
        }
        record("last_sent_json_and_projection_memos", Self.heapInUse() - heap)
        record("kept_patches", built.reduce(0) { $0 + $1.output.keptPatchBytes })

        for (name, bytes) in figures { print("memory.\(name)_bytes_per_session \(bytes)") }
        let parts = figures.dropFirst().reduce(0) { $0 + $1.1 }
        print("memory.rest_of_whole_session_bytes_per_session \(total / count - parts)")
        XCTAssertGreaterThan(total, 0)
        XCTAssertEqual(figures.last?.1, 0, "an idle session keeps no patches")
        for (name, bytes) in figures.dropLast() { XCTAssertGreaterThan(bytes, 0, name) }
        for session in built { await session.tearDown() }
        withExtendedLifetime(peers) {}
    }
}
