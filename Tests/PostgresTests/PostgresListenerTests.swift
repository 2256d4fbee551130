import Foundation
import Postgres
import Synchronization
import XCTest

final class PostgresListenerTests: PostgresTestCase {
    // Quoted when listened to: a list's channel name may hold any character.
    private let channel = "favorites:list-\"7\""

    func testNotificationsArriveInCommitOrderAndNeverFromARollback() throws {
        let recorder = NotificationRecorder()
        let listener = try PostgresListener(url: databaseURL, channels: [channel], onNotification: recorder.record)
        defer { listener.stop() }
        let (first, second, third) = (try connect(), try connect(), try connect())
        let end = recorder.expectation(for: "end")

        try first.execute("BEGIN")
        try first.notify(channel: channel, payload: "first began first")
        try second.execute("BEGIN")
        try second.notify(channel: channel, payload: "second committed first")
        try third.execute("BEGIN")
        try third.notify(channel: channel, payload: "rolled back")
        try third.execute("ROLLBACK")
        try second.execute("COMMIT")
        try first.execute("COMMIT")
        try third.notify(channel: channel, payload: "end")
        wait(for: [end], timeout: 10)

        XCTAssertEqual(recorder.payloads, ["second committed first", "first began first", "end"])
        XCTAssertEqual(recorder.received.map(\.senderPID), [second.backendPID, first.backendPID, third.backendPID])
        XCTAssertEqual(Set(recorder.received.map(\.channel)), [channel])
    }

    func testANotificationIsDeliveredOnlyWhenItsTransactionCommits() throws {
        let recorder = NotificationRecorder()
        let listener = try PostgresListener(url: databaseURL, channels: [channel], onNotification: recorder.record)
        defer { listener.stop() }
        let writer = try connect()
        let marker = recorder.expectation(for: "marker")
        let held = recorder.expectation(for: "held")

        try writer.execute("BEGIN")
        try writer.notify(channel: channel, payload: "held")
        // Sent and committed after `held` was queued: had `held` gone out before its commit,
        // it would arrive first.
        try connect().notify(channel: channel, payload: "marker")
        wait(for: [marker], timeout: 10)
        XCTAssertEqual(recorder.payloads, ["marker"])

        try writer.execute("COMMIT")
        wait(for: [held], timeout: 10)
        XCTAssertEqual(recorder.payloads, ["marker", "held"])
    }

    func testOnlyTheListenedChannelsAreDelivered() throws {
        let recorder = NotificationRecorder()
        let listener = try PostgresListener(url: databaseURL, channels: ["a", "b"], onNotification: recorder.record)
        defer { listener.stop() }
        let sender = try connect()
        let last = recorder.expectation(for: "3")

        try sender.notify(channel: "a", payload: "1")
        try sender.notify(channel: "elsewhere", payload: "2")
        try sender.notify(channel: "b", payload: "3")
        wait(for: [last], timeout: 10)

        XCTAssertEqual(recorder.received.map(\.channel), ["a", "b"])
        XCTAssertEqual(recorder.payloads, ["1", "3"])
    }

    func testStopFromInsideTheCallbackEndsTheListenerWithoutDeadlock() throws {
        let holder = Mutex<PostgresListener?>(nil)
        let stopped = expectation(description: "stop returned inside the callback")
        let calls = Atomic<Int>(0)
        let listener = try PostgresListener(url: databaseURL, channels: [channel]) { _ in
            calls.add(1, ordering: .relaxed)
            holder.withLock { $0 }?.stop()
            stopped.fulfill()
        }
        holder.withLock { $0 = listener }

        // Both are queued on the connection before the first is handed over; once `stop` has
        // run, the second must not be delivered.
        try connect().executeScript("SELECT pg_notify('\(channel)', 'one'); SELECT pg_notify('\(channel)', 'two')")
        wait(for: [stopped], timeout: 10)
        listener.stop()  // returns once the thread has ended

        XCTAssertEqual(calls.load(ordering: .relaxed), 1)
        holder.withLock { $0 = nil }
    }

    func testStopReturnsPromptlyWhileIdle() throws {
        let listener = try PostgresListener(url: databaseURL, channels: [channel]) { _ in }
        let clock = ContinuousClock()

        let elapsed = clock.measure { listener.stop() }
        listener.stop()

        // The thread sleeps in poll() without a timeout: only the wake-up pipe can end it this soon.
        XCTAssertLessThan(elapsed, .seconds(2))
    }
}
