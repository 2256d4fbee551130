import Foundation
import PokedexServer
import StateSync
import Storage
import WebSocketServer
import XCTest

/// A write storage cannot commit (here: another process holds the database's write lock past
/// the busy timeout, as a stuck backup or a full disk would make it fail) is refused with
/// `storage` for its ref, and nobody's state changes.
final class FailedCommitTests: ServerTestCase {
    override func configure(_ options: inout ServerOptions) {
        options.busyTimeoutMilliseconds = 100
    }

    func testAStarThatCannotBeCommittedIsAStorageErrorAndChangesNothing() async throws {
        let tab = try await TestSession.open(client, port: server.port)
        let otherTab = try await TestSession.open(client, port: server.port, token: tab.token)
        let starred = try await tab.perform(tab.star(25))
        XCTAssertNil(starred)
        try await otherTab.read { $0.favorites == [25] }

        let lock = try DatabaseLock(path: directory + "/pokedex.sqlite")
        let refused = try await tab.perform(tab.star(7))
        XCTAssertEqual(refused, .storage)
        XCTAssertFalse(tab.isAcknowledged(tab.lastRef), "a refused write is not acknowledged")
        lock.release()

        // The next write goes through; neither tab ever showed the refused star.
        let next = try await tab.perform(tab.star(1))
        XCTAssertNil(next)
        try await otherTab.read { $0.favorites == [1, 25] }
        XCTAssertEqual(tab.favorites, [1, 25])
        let fresh = try await TestSession.open(client, port: server.port, token: tab.token)
        XCTAssertEqual(fresh.favorites, [1, 25])
    }
}

/// Holds a database's write lock from a connection of its own until released.
final class DatabaseLock: @unchecked Sendable {
    private let release_ = DispatchSemaphore(value: 0)
    private let done = DispatchSemaphore(value: 0)

    init(path: String) throws {
        let database = try Database(path: path)
        let locked = DispatchSemaphore(value: 0)
        Thread.detachNewThread { [release_, done] in
            try? database.transaction { _ in
                locked.signal()
                release_.wait()
            }
            done.signal()
        }
        locked.wait()
    }

    func release() {
        release_.signal()
        done.wait()
    }
}
