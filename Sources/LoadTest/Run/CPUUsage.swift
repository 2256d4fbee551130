import ProcessStats

/// CPU the tester and the server used over a scenario's measured phase, and what the phase did
/// with it: the load tester shares the machine with the server when both run on one host, so a
/// latency figure means little without knowing how busy the cores were.
struct CPUUsage: Sendable, Equatable {
    var wallSeconds: Double
    var testerSeconds: Double
    /// Summed over every `--server-pid`; nil without one, or when one's CPU could not be read
    /// at either end (a process that died during the phase).
    var serverSeconds: Double?
    /// Actions sent and patches received during the phase.
    var actions: Int
    var patches: Int
}

/// Measures one phase: made when it starts, `finish`ed when it ends.
struct CPUMeter: Sendable {
    private let serverPIDs: [Int32]
    private let recorder: Recorder
    private let startedAt: ContinuousClock.Instant
    private let tester: Double?
    private let server: Double?
    private let actions: Int
    private let patches: Int

    init(serverPIDs: [Int32], recorder: Recorder) {
        self.serverPIDs = serverPIDs
        self.recorder = recorder
        startedAt = .now
        tester = ProcessCPU.seconds()
        server = ProcessCPU.seconds(pids: serverPIDs)
        (actions, patches) = recorder.read { ($0.actionsSent, $0.patchesReceived) }
    }

    /// The usage since the meter was made; nil if this process's CPU could not be read.
    func finish() -> CPUUsage? {
        guard let tester, let testerNow = ProcessCPU.seconds() else { return nil }
        let serverNow = ProcessCPU.seconds(pids: serverPIDs)
        let (actionsNow, patchesNow) = recorder.read { ($0.actionsSent, $0.patchesReceived) }
        return CPUUsage(
            wallSeconds: (ContinuousClock.now - startedAt).seconds,
            testerSeconds: testerNow - tester,
            serverSeconds: server.flatMap { start in serverNow.map { $0 - start } },
            actions: actionsNow - actions,
            patches: patchesNow - patches
        )
    }
}
