import Postgres
import Synchronization
import XCTest

/// Collects what a listener delivers and fulfils an expectation when a payload arrives.
final class NotificationRecorder: Sendable {
    private struct State {
        var received: [PostgresNotification] = []
        var waiting: [String: XCTestExpectation] = [:]
    }

    private let state = Mutex(State())

    /// An expectation fulfilled when a notification with `payload` arrives; ask before sending it.
    func expectation(for payload: String) -> XCTestExpectation {
        let expectation = XCTestExpectation(description: "notification \(payload)")
        state.withLock { $0.waiting[payload] = expectation }
        return expectation
    }

    /// The listener's `onNotification`.
    func record(_ notification: PostgresNotification) {
        let expectation = state.withLock { state in
            state.received.append(notification)
            return state.waiting.removeValue(forKey: notification.payload)
        }
        expectation?.fulfill()
    }

    var received: [PostgresNotification] { state.withLock { $0.received } }
    var payloads: [String] { received.map(\.payload) }
}
