/// What the steady phase of a scenario measures: the CPU of the tester and the servers, and
/// the servers' own action latency, from its start until `options.duration` has passed.
struct MeasuredPhase {
    var cpu: CPUUsage?
    var serverLatency: ServerActionLatency?
    var seconds: Double
}

extension LoadRun {
    /// Starts the meters, lets `start` set the sessions going until the stop time it is
    /// given, waits for that time and reads the meters. The caller settles the sessions.
    func measurePhase(_ start: (_ stopAt: ContinuousClock.Instant) -> Void) async throws -> MeasuredPhase {
        let meter = CPUMeter(serverPIDs: options.serverPIDs, recorder: recorder)
        let serverLatency = await ServerLatencyMeter(targets: options.targets, trust: options.httpTrust)
        let startedAt = ContinuousClock.now
        let stopAt = startedAt + .seconds(options.duration)
        start(stopAt)
        try await Task.sleep(until: stopAt)
        let seconds = (ContinuousClock.now - startedAt).seconds
        return MeasuredPhase(cpu: meter.finish(), serverLatency: await serverLatency.finish(), seconds: seconds)
    }
}
