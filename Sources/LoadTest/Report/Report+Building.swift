extension Report {
    /// The report of a finished run from what the recorder measured and the scenario found.
    init(options: LoadOptions, tallies: Recorder.Tallies, outcome: ScenarioOutcome, elapsed: Duration,
         serverSamples: [ServerSample] = [], scenarioName: String? = nil) {
        scenario = scenarioName ?? options.scenario.rawValue
        targets = options.targets.map(\.url)
        target = targets[0]
        sessions = outcome.sessionsStarted ?? options.sessions
        loops = options.loops
        realtime = options.realtime
        elapsedSeconds = elapsed.seconds
        connectedSessions = tallies.ready
        heldSessions = outcome.heldSessions
        connectsPerSecond = tallies.connects.rate(tallies.ready)
        connect = Latency(tallies.connect)
        actionToPatch = Latency(tallies.action)
        steadyActionToPatch = tallies.steadySince == nil ? nil : Latency(tallies.steadyAction)
        fanout = Latency(tallies.fanout)
        fanoutToEachMember = Latency(tallies.fanoutToEach)
        actionsSent = tallies.actionsSent
        actionsByKind = tallies.actionsByKind
        actionsPerSecond = tallies.actions.rate(tallies.actionsSent)
        patchesReceived = tallies.patchesReceived
        patchesPerSecond = tallies.patches.rate(tallies.patchesReceived)
        bytesIn = tallies.bytesIn
        bytesOut = tallies.bytesOut
        errorCount = tallies.errorCount
        staleTaps = tallies.staleTaps
        errorPercent = 100 * Double(tallies.errorCount) / Double(max(1, tallies.actionsSent + tallies.connectsStarted))
        series = Self.series(tallies: tallies, samples: serverSamples)
        errors = tallies.errors
        errorExamples = tallies.errorExamples
        closeCodes = Dictionary(uniqueKeysWithValues: tallies.closeCodes.map { (String($0.key), $0.value) })
        convergence = outcome.convergence.map {
            Convergence(checked: $0.checked, matched: $0.matched, passed: $0.passed, detail: $0.detail)
        }
        serverMemory = outcome.serverRSS.map {
            Memory(beforeKiB: $0.beforeKiB, afterKiB: $0.afterKiB, kibPerSession: $0.kibPerSession)
        }
        let resumes = tallies.resumedByPatches + tallies.resumedBySnapshot
        resume = options.scenario == .reconnect || resumes > 0
            ? Resume(byPatches: tallies.resumedByPatches, bySnapshot: tallies.resumedBySnapshot, seconds: outcome.resumeSeconds)
            : nil
        cpu = outcome.cpu.map(CPU.init)
        serverActionLatency = outcome.serverLatency.flatMap { $0.total > 0 ? ServerLatency($0) : nil }
        timeline = tallies.actionBySecond.enumerated().compactMap { second, histogram in
            histogram.count == 0 ? nil : Second(
                second: second, count: Int(histogram.count), p50: histogram.milliseconds(50),
                p99: histogram.milliseconds(99), max: histogram.maxMilliseconds)
        }
        writes = outcome.writes.map { Writes(acknowledged: $0.acknowledged, seconds: $0.seconds, perSecond: $0.perSecond) }
        favoritesByList = outcome.favoritesByList
        failover = outcome.failover.map {
            Failover(sessions: $0.sessions, cutOff: $0.cutOff, restored: $0.restored, wrongScreens: $0.wrongScreens, seconds: $0.seconds)
        }
        presence = outcome.presence.map { Presence(members: $0.members, cutOff: $0.cutOff, expirySeconds: $0.expirySeconds) }
        failure = outcome.failure
        comparison = nil
        maxErrors = options.maxErrors
    }
}

extension Report {
    /// The per-second series: seconds in which anything was sent, failed or sampled.
    static func series(tallies: Recorder.Tallies, samples: [ServerSample]) -> [SeriesPoint] {
        let bySecond = Dictionary(samples.map { ($0.second, $0) }, uniquingKeysWith: { first, _ in first })
        let seconds = max(tallies.sentBySecond.count, tallies.errorsBySecond.count, (samples.map(\.second).max() ?? -1) + 1)
        return (0..<seconds).compactMap { second in
            let sent = second < tallies.sentBySecond.count ? tallies.sentBySecond[second] : 0
            let errors = second < tallies.errorsBySecond.count ? tallies.errorsBySecond[second] : 0
            let sample = bySecond[second]
            guard sent > 0 || errors > 0 || sample != nil else { return nil }
            return SeriesPoint(second: second, actionsSent: sent, errors: errors,
                               serverCores: sample?.cores, serverRSSMiB: sample?.rssMiB)
        }
    }
}

extension Report.CPU {
    init(_ usage: CPUUsage) {
        seconds = usage.wallSeconds
        actions = usage.actions
        patches = usage.patches
        tester = Share(usage.testerSeconds, over: usage)
        server = usage.serverSeconds.map { Share($0, over: usage) }
    }
}

extension Report.ServerLatency {
    init(_ histogram: ServerActionLatency) {
        count = histogram.total
        p50AtMostMs = histogram.percentileBoundMs(50)
        p99AtMostMs = histogram.percentileBoundMs(99)
        shares = histogram.bounds.compactMap { bound in
            histogram.share(within: bound).map { Share(withinMs: bound * 1000, share: $0) }
        }
    }
}

extension Report.CPU.Share {
    init(_ cpuSeconds: Double, over usage: CPUUsage) {
        self.cpuSeconds = cpuSeconds
        cores = usage.wallSeconds > 0 ? cpuSeconds / usage.wallSeconds : 0
        microsPerAction = usage.actions > 0 ? cpuSeconds * 1e6 / Double(usage.actions) : nil
        microsPerPatch = usage.patches > 0 ? cpuSeconds * 1e6 / Double(usage.patches) : nil
    }
}

extension Report.Latency {
    init(_ histogram: LatencyHistogram) {
        count = Int(histogram.count)
        p50 = histogram.milliseconds(50)
        p95 = histogram.milliseconds(95)
        p99 = histogram.milliseconds(99)
        max = histogram.maxMilliseconds
        buckets = histogram.buckets.map {
            Report.Bucket(fromMs: Double($0.range.lowerBound) / 1000, toMs: Double($0.range.upperBound + 1) / 1000, count: Int($0.count))
        }
    }
}
