import PostgresTesting
import Postgres
import XCTest

/// Restarts a server, so it runs on a cluster of its own rather than the one other suites share.
final class PostgresListenerReconnectTests: XCTestCase {
    func testAfterTheServerRestartsTheListenerReconnectsAndNotificationsFlowAgain() throws {
        let cluster = try TestCluster.start()
        addTeardownBlock { cluster.remove() }
        let recorder = NotificationRecorder()
        let reconnected = expectation(description: "onReconnect")
        let listener = try PostgresListener(
            url: cluster.url,
            channels: ["feed"],
            reconnectDelay: .milliseconds(20),
            maximumReconnectDelay: .milliseconds(500),
            onReconnect: { reconnected.fulfill() },
            onNotification: recorder.record
        )
        defer { listener.stop() }
        let pool = try PostgresPool(url: cluster.url, size: 2)
        let before = recorder.expectation(for: "before")
        try pool.execute("SELECT pg_notify('feed', 'before')")
        wait(for: [before], timeout: 10)

        try cluster.stop()
        try cluster.restart()
        wait(for: [reconnected], timeout: 30)

        // onReconnect comes after LISTEN is back in place, so this one cannot fall in the gap.
        let after = recorder.expectation(for: "after")
        // The pool's connections were ended by the restart; it reconnects them before lending.
        try pool.execute("SELECT pg_notify('feed', 'after')")
        wait(for: [after], timeout: 10)
        XCTAssertEqual(recorder.payloads, ["before", "after"])
    }
}
