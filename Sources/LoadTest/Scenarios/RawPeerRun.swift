import SeededRandom
import Synchronization

/// The waves of the bare peers' scenarios (`echo`, `broadcast`, `raw-idle`): the same ramp and
/// the same client pacing (`ConnectWindow`) as the project's sessions get.
extension LoadRun {
    func makeRawSessions(_ count: Int, onMessage: @escaping @Sendable (RawSession, [UInt8], ContinuousClock.Instant) -> Void) -> [RawSession] {
        (0..<count).map { RawSession(index: $0, environment: environment, onMessage: onMessage) }
    }

    /// Connects every session at `--ramp` a second and waits for their upgrades; the
    /// stragglers are errors. Returns the sessions that are open.
    func connectRaw(_ sessions: [RawSession]) async -> [RawSession] {
        await ramp(sessions) { $0.connect() }
        if !(await waitUntil(limit: waveLimit(sessions.count)) { sessions.allSatisfy { $0.phase.isSettled } }) {
            recorder.error("timeout", "\(sessions.count { !$0.phase.isSettled }) connections still waiting for their upgrade")
        }
        return sessions.filter { $0.phase == .ready }
    }

    /// Closes every session and waits (a while) for the closes.
    func finishRaw(_ sessions: [RawSession]) async {
        for session in sessions { session.finish() }
        _ = await waitUntil(limit: .seconds(30)) { recorder.read { $0.open } == 0 }
    }
}

/// A bare peer's message of `size` bytes, starting with `prefix` and then a decimal `number`,
/// padded with spaces.
enum RawMessage {
    static func make(prefix: String, number: Int, size: Int) -> [UInt8] {
        var bytes = Array("\(prefix)\(number) ".utf8)
        if bytes.count < size { bytes += repeatElement(UInt8(ascii: " "), count: size - bytes.count) }
        return bytes
    }

    /// The number after `prefix`, if `bytes` starts with it.
    static func number(in bytes: [UInt8], prefix: String) -> Int? {
        let prefix = Array(prefix.utf8)
        guard bytes.starts(with: prefix) else { return nil }
        var value = 0
        var digits = 0
        for byte in bytes.dropFirst(prefix.count) {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { break }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
            digits += 1
        }
        return digits > 0 ? value : nil
    }
}

/// Sessions sending at think-time pace until a stop time, each 0.5–1.5 think times after its
/// last send: `send` gets the session and a number unique over all of them, and returns false
/// when the session could not send (it then sends no more).
final class PacedSends: Sendable {
    private let run: LoadRun
    private let sessions: [RawSession]
    private let send: @Sendable (RawSession, Int) -> Bool
    private struct Turns {
        var rng: SeededGenerator
        var next = 0
        var stopAt = ContinuousClock.now
    }

    private let turns: Mutex<Turns>

    init(run: LoadRun, sessions: [RawSession], send: @escaping @Sendable (RawSession, Int) -> Bool) {
        self.run = run
        self.sessions = sessions
        self.send = send
        turns = Mutex(Turns(rng: SeededGenerator(seed: run.options.seed)))
    }

    func start(until stopAt: ContinuousClock.Instant) {
        turns.withLock { $0.stopAt = stopAt }
        for session in sessions { schedule(session) }
    }

    private func schedule(_ session: RawSession) {
        let delay = turns.withLock { Duration.seconds(run.options.thinkTime * Double.random(in: 0.5..<1.5, using: &$0.rng)) }
        run.scheduler.after(delay) { self.turn(session) }
    }

    private func turn(_ session: RawSession) {
        let number = turns.withLock { turns -> Int? in
            guard ContinuousClock.now < turns.stopAt else { return nil }
            defer { turns.next += 1 }
            return turns.next
        }
        guard let number, send(session, number) else { return }
        schedule(session)
    }
}
