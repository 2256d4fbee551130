import Synchronization
import WebSocketServer

/// A connection to a bare websocket peer (`bare-lws-peer`): no hello, no snapshot, no patches.
/// It counts as ready once the upgrade is answered; every message it receives is handed to
/// `onMessage` (on the client's service thread) and counted as a patch, every message it sends
/// as an action, so the CPU figures read per message as they read per action for the server.
final class RawSession: Sendable {
    enum Phase: Sendable, Equatable {
        case notStarted, connecting, ready, closed, failed
    }

    private struct Machine {
        var phase = Phase.notStarted
        var connection: ClientConnection?
        var connectStartedAt = ContinuousClock.now
        var closeExpected = false
    }

    let index: Int
    private let environment: SessionEnvironment
    private let onMessage: @Sendable (RawSession, [UInt8], ContinuousClock.Instant) -> Void
    private let machine = Mutex(Machine())

    init(index: Int, environment: SessionEnvironment, onMessage: @escaping @Sendable (RawSession, [UInt8], ContinuousClock.Instant) -> Void) {
        self.index = index
        self.environment = environment
        self.onMessage = onMessage
    }

    var phase: Phase { machine.withLock { $0.phase } }

    func connect() {
        machine.withLock { machine in
            machine.phase = .connecting
            machine.connectStartedAt = .now
            environment.recorder.connecting(at: machine.connectStartedAt)
            let target = environment.target(for: index)
            let sources = environment.sources
            machine.connection = environment.client(for: index).connect(
                host: target.host, port: target.port, path: target.path, secure: target.isSecure,
                sourceAddress: sources > 1 ? "127.0.0.\(1 + index % sources)" : nil
            ) { _, event in
                // Strong: the connection keeps its session until the connection ends.
                self.handle(event)
            }
        }
    }

    /// Sends `message`, counted as an action; false when the session is not ready.
    @discardableResult
    func send(_ message: [UInt8]) -> Bool {
        guard let connection = machine.withLock({ $0.phase == .ready ? $0.connection : nil }) else { return false }
        connection.send(message)
        environment.recorder.sent(bytes: message.count, action: "message")
        return true
    }

    /// Closes the connection for good (end of the run).
    func finish() {
        machine.withLock { machine in
            machine.closeExpected = true
            machine.connection?.close()
        }
    }

    private func handle(_ event: ClientEvent) {
        let recorder = environment.recorder
        switch event {
        case .opened:
            let startedAt = machine.withLock { machine in
                machine.phase = .ready
                return machine.connectStartedAt
            }
            recorder.opened()
            recorder.connected(after: .now - startedAt)
        case .text(let bytes):
            recorder.received(bytes: bytes.count, isPatch: true)
            onMessage(self, bytes, .now)
        case .closed(let code):
            let (expected, wasOpen) = machine.withLock { machine in
                defer {
                    machine.connection = nil
                    if !machine.closeExpected { machine.phase = .failed } else { machine.phase = .closed }
                }
                return (machine.closeExpected, machine.phase == .ready)
            }
            recorder.closed(code: code, expected: expected, wasOpen: wasOpen)
        case .error(let message):
            machine.withLock { machine in
                machine.phase = .failed
                machine.connection = nil
            }
            recorder.connectFailed(message)
        }
    }
}

extension RawSession.Phase {
    /// No upgrade is awaited.
    var isSettled: Bool { self != .connecting }
}
