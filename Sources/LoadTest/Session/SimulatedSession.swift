import StateSync
import WireContract
import Synchronization
import WebSocketServer

/// What a scenario hears from its sessions, on the client's service thread (must not block).
protocol SessionObserver: Sendable {
    /// The first snapshot after `connect` arrived.
    func sessionIsReady(_ session: SimulatedSession)
    /// A patch was applied to the session's copy; `state` is the copy afterwards.
    func session(_ session: SimulatedSession, applied ops: [PatchOperation], state: JSONValue)
}

extension SessionObserver {
    func sessionIsReady(_ session: SimulatedSession) {}
    func session(_ session: SimulatedSession, applied ops: [PatchOperation], state: JSONValue) {}
}

/// Where sessions connect and report to.
struct SessionEnvironment: Sendable {
    /// The event loops; session `i` connects through `clients[i % clients.count]`.
    let clients: [WebSocketClient]
    /// The servers; session `i` starts on `targets[i % targets.count]`.
    let targets: [LoadTarget]
    let sources: Int
    let recorder: Recorder

    func client(for index: Int) -> WebSocketClient {
        clients[index % clients.count]
    }

    func target(for index: Int) -> LoadTarget {
        targets[index % targets.count]
    }
}

/// One simulated browser session speaking the real protocol: hello, welcome, snapshot, then
/// actions with increasing refs; every patch is applied to its copy with seq checks.
final class SimulatedSession: Sendable {
    let index: Int
    let environment: SessionEnvironment
    let observer: any SessionObserver
    let machine = Mutex(SessionMachine())

    init(index: Int, environment: SessionEnvironment, observer: any SessionObserver) {
        self.index = index
        self.environment = environment
        self.observer = observer
    }

    var phase: SessionPhase { machine.withLock { $0.phase } }
    /// When the server ended a ready connection unexpectedly (with `tolerateLoss`).
    var lostAt: ContinuousClock.Instant? { machine.withLock { $0.lostAt } }
    var state: JSONValue? { machine.withLock { $0.copy.state } }
    var token: String? { machine.withLock { $0.token } }
    var pendingActions: Int { machine.withLock { $0.inFlight.count } }
    /// Unanswered actions, and when the latest answer came.
    var answers: (pending: Int, lastAt: ContinuousClock.Instant?) { machine.withLock { ($0.inFlight.count, $0.lastAnswerAt) } }

    /// Opens a connection and says hello as a new user.
    func connect(route: String = "/") {
        machine.withLock { machine in
            open(&machine, hello: .init(token: nil, route: route), phase: .connecting)
        }
    }

    /// Sends an action; returns its ref, or nil when the session is not ready.
    @discardableResult
    func send(_ action: JSONValue) -> Int? {
        machine.withLock { machine in
            guard machine.phase == .ready, let connection = machine.connection else { return nil }
            let ref = machine.takeRef()
            machine.inFlight[ref] = .now
            if let row = action["list"]?["rowTapped"]?["id"]?.intValue { machine.rowTaps[ref] = row }
            // A star is an intent with a key, as the web client sends it: unique per session.
            let key = ActionTable.isKeyed(action) ? machine.sessionID.map { "\($0.prefix(16))-\(ref)" } : nil
            transmit(.action(ref: ref, action: action, key: key), on: connection)
            return ref
        }
    }

    /// Closes the connection on purpose; the session is then `dropped` and may be resumed.
    func drop() {
        machine.withLock { machine in
            guard machine.phase == .ready else { return }
            machine.phase = .dropped
            closeOnPurpose(&machine, then: nil)
        }
    }

    /// Reconnects a dropped session with `resume {session, seq}`; after the welcome a cheap
    /// probe action follows, whose ack tells when the session has caught up.
    func resume() {
        machine.withLock { machine in
            guard machine.phase == .dropped, let sessionID = machine.sessionID else { return }
            let hello = ClientMessage.Hello(token: machine.token, resume: .init(session: sessionID, seq: machine.copy.seq))
            machine.resumedBySnapshot = false
            open(&machine, hello: hello, phase: .resuming)
        }
    }

    /// Closes (if open) and reconnects asking for a snapshot of the same session, which is
    /// then compared with the copy.
    func verify() {
        machine.withLock { machine in
            guard let sessionID = machine.sessionID, machine.phase == .ready || machine.phase == .dropped else { return }
            let hello = ClientMessage.Hello(token: machine.token, resume: .init(session: sessionID, seq: unreplayableSeq))
            if machine.connection != nil {
                machine.phase = .verifying
                closeOnPurpose(&machine, then: hello)
            } else {
                open(&machine, hello: hello, phase: .verifying)
            }
        }
    }

    /// Where the session connects now: its own target until `move(to:)`.
    var target: LoadTarget { machine.withLock { $0.target ?? environment.target(for: index) } }

    /// Makes every later connection go to `target` (failover: its server is gone).
    func move(to target: LoadTarget) {
        machine.withLock { $0.target = target }
    }

    /// From now on a connection the server ends unexpectedly leaves the session `dropped`,
    /// to be resumed, instead of failed with an error (failover kills a server on purpose).
    func tolerateLoss() {
        machine.withLock { $0.lossTolerated = true }
    }

    /// Closes the connection for good (end of the run).
    func finish() {
        machine.withLock { machine in
            guard machine.connection != nil else { return }
            closeOnPurpose(&machine, then: nil)
        }
    }

    private func open(_ machine: inout SessionMachine, hello: ClientMessage.Hello, phase: SessionPhase) {
        machine.generation += 1
        machine.phase = phase
        machine.connectStartedAt = .now
        if phase == .connecting { environment.recorder.connecting(at: machine.connectStartedAt) }
        machine.closeExpected = false
        machine.afterClose = nil
        let generation = machine.generation
        let sources = environment.sources
        let target = machine.target ?? environment.target(for: index)
        let connection = environment.client(for: index).connect(
            host: target.host, port: target.port, path: target.path, secure: target.isSecure,
            sourceAddress: sources > 1 ? "127.0.0.\(1 + index % sources)" : nil
        ) { _, event in
            // Strong: the connection keeps its session until the connection ends.
            self.handle(event, generation: generation)
        }
        machine.connection = connection
        transmit(.hello(hello), on: connection)
    }

    private func closeOnPurpose(_ machine: inout SessionMachine, then hello: ClientMessage.Hello?) {
        machine.closeExpected = true
        machine.afterClose = hello
        machine.connection?.close()
    }

    func transmit(_ message: ClientMessage, on connection: ClientConnection) {
        let bytes = message.encoded()
        connection.send(bytes)
        let kind: String? = if case let .action(_, action, _) = message { ActionKind.name(of: action) } else { nil }
        environment.recorder.sent(bytes: bytes.count, action: kind)
    }

    private func handle(_ event: ClientEvent, generation: Int) {
        switch event {
        case .opened:
            let current = machine.withLock { machine -> Bool in
                guard machine.generation == generation else { return false }
                machine.isOpen = true
                return true
            }
            if current { environment.recorder.opened() }
        case .text(let frame):
            received(frame, generation: generation)
        case .closed(let code):
            closed(code: code, generation: generation)
        case .error(let message):
            let current = machine.withLock { machine -> Bool in
                guard machine.generation == generation else { return false }
                machine.phase = .failed
                machine.connection = nil
                return true
            }
            if current { environment.recorder.connectFailed(message) }
        }
    }

    private func closed(code: UInt16, generation: Int) {
        let outcome = machine.withLock { machine -> (expected: Bool, wasOpen: Bool)? in
            guard machine.generation == generation else { return nil }
            let lost = !machine.closeExpected && machine.lossTolerated && machine.phase == .ready
            let outcome = (expected: machine.closeExpected || lost, wasOpen: machine.isOpen)
            machine.isOpen = false
            machine.connection = nil
            if let hello = machine.afterClose {
                open(&machine, hello: hello, phase: machine.phase)
            } else if lost {
                machine.phase = .dropped
                machine.lostAt = .now
            } else if !outcome.expected {
                machine.phase = .failed
            }
            return outcome
        }
        if let outcome { environment.recorder.closed(code: code, expected: outcome.expected, wasOpen: outcome.wasOpen) }
    }
}
