import Foundation
import Postgres
import Synchronization
import XCTest
@testable import PostgresStorage

/// Hears `pokedex_changes` through the wrapper's `PostgresListener` and keeps the payloads,
/// fulfilling an expectation when a marker payload arrives.
final class ChangeFeedRecorder: Sendable {
    private let heard = Heard()
    private let listener: PostgresListener

    init(url: String) throws {
        listener = try PostgresListener(url: url, channels: [ChangeNotice.channel], onNotification: heard.record)
    }

    /// Fulfilled when `marker` arrives; ask before sending it.
    func expectation(forMarker marker: String) -> XCTestExpectation {
        heard.expectation(forMarker: marker)
    }

    /// The payloads heard before `marker`, forgetting them and the marker.
    func take(through marker: String) -> [String] {
        heard.take(through: marker)
    }

    func stop() {
        listener.stop()
    }
}

/// What the listener's thread hands over, behind a lock.
private final class Heard: Sendable {
    private struct State {
        var payloads: [String] = []
        var markers: [String: XCTestExpectation] = [:]
    }

    private let state = Mutex(State())

    func record(_ notification: PostgresNotification) {
        let marker = state.withLock { state in
            state.payloads.append(notification.payload)
            return state.markers.removeValue(forKey: notification.payload)
        }
        marker?.fulfill()
    }

    func expectation(forMarker marker: String) -> XCTestExpectation {
        let expectation = XCTestExpectation(description: "marker \(marker) heard")
        state.withLock { $0.markers[marker] = expectation }
        return expectation
    }

    func take(through marker: String) -> [String] {
        state.withLock { state in
            guard let index = state.payloads.firstIndex(of: marker) else { return [] }
            defer { state.payloads.removeFirst(index + 1) }
            return Array(state.payloads[..<index])
        }
    }
}
