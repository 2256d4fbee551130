import Foundation
import Synchronization
@testable import WebSocketServer

/// A handler that echoes text (unless told otherwise), answers a few HTTP routes and records
/// every event so tests can await them.
final class RecordingHandler: WebSocketHandler {
    enum Event: Sendable, Equatable {
        case opened(UInt64)
        case text(UInt64, [UInt8])
        case closed(UInt64, code: UInt16)
        case drained(UInt64)
    }

    let events = EventInbox<Event>()
    let echoes: Bool
    /// Runs on the service thread when the connection drains, before the event is recorded.
    let onDrained: @Sendable (Connection) -> Void
    private let openConnections = Mutex<[UInt64: Connection]>([:])
    /// The name of the thread each connection was opened on.
    let openedOnThread = Mutex<[UInt64: String]>([:])

    init(echoes: Bool = true, onDrained: @escaping @Sendable (Connection) -> Void = { _ in }) {
        self.echoes = echoes
        self.onDrained = onDrained
    }

    func connection(id: UInt64) -> Connection? {
        openConnections.withLock { $0[id] }
    }

    func connectionOpened(_ connection: Connection) {
        openConnections.withLock { $0[connection.id] = connection }
        // The service thread's own mark (Foundation's `Thread.current.name` once read a
        // dispatch worker's name on a service thread, under a loaded host).
        let thread = ServiceThreads.currentName ?? "(not a service thread)"
        openedOnThread.withLock { $0[connection.id] = thread }
        events.post(.opened(connection.id))
    }

    func connection(_ connection: Connection, didReceiveText text: [UInt8]) {
        events.post(.text(connection.id, text))
        if echoes { connection.send(text) }
    }

    func connectionClosed(_ connection: Connection, code: UInt16) {
        openConnections.withLock { $0[connection.id] = nil }
        events.post(.closed(connection.id, code: code))
    }

    func connectionDrained(_ connection: Connection) {
        onDrained(connection)
        events.post(.drained(connection.id))
    }

    func handleHTTP(_ request: HTTPRequest) async -> HTTPResponse? {
        switch request.path {
        case "/healthz":
            return .text("ok \(request.method) \(request.queryValue("probe") ?? "-")",
                         status: 200)
        case "/fail":
            return .text("storage unavailable\n", status: 503)
        case "/big":
            let size = Int(request.queryValue("bytes") ?? "") ?? 0
            return HTTPResponse(contentType: "application/octet-stream", headers: ["cache-control": "no-store"],
                                body: (0..<size).map { UInt8(truncatingIfNeeded: $0 * 7) })
        default:
            return nil
        }
    }

    /// The next recorded event, failing the wait after `timeout`.
    func next(timeout: Duration = .seconds(5)) async throws -> Event {
        try await events.next(timeout: timeout)
    }
}
