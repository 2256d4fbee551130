/// CPU the tester and the server used over a scenario's measured phase, and what the phase did
/// with it: the load tester shares the machine with the server when both run on one host, so a
/// latency figure means little without knowing how busy the cores were.
struct CPUUsage: Sendable, Equatable {
    var wallSeconds: Double
    var testerSeconds: Double
    /// nil without `--server-pid`, or when the server's CPU could not be read.
    var serverSeconds: Double?
    /// Actions sent and patches received during the phase.
    var actions: Int
    var patches: Int
}

/// Measures one phase: made when it starts, `finish`ed when it ends.
struct CPUMeter: Sendable {
    private let serverPID: Int32?
    private let recorder: Recorder
    private let startedAt: ContinuousClock.Instant
    private let tester: Double?
    private let server: Double?
    private let actions: Int
    private let patches: Int

    init(serverPID: Int32?, recorder: Recorder) {
        self.serverPID = serverPID
        self.recorder = recorder
        startedAt = .now
        tester = ProcessCPU.seconds()
        server = serverPID.flatMap(ProcessCPU.seconds(pid:))
        (actions, patches) = recorder.read { ($0.actionsSent, $0.patchesReceived) }
    }

    /// The usage since the meter was made; nil if this process's CPU could not be read.
    func finish() -> CPUUsage? {
        guard let tester, let testerNow = ProcessCPU.seconds() else { return nil }
        let serverNow = serverPID.flatMap(ProcessCPU.seconds(pid:))
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
