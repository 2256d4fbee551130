import Foundation

extension Report {
    /// The report as JSON (keys sorted, so runs diff cleanly).
    public func jsonData() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try encoder.encode(self)
    }

    /// The report as the lines printed at the end of a run.
    public var text: String {
        var lines = [
            "scenario \(scenario) against \(targets.joined(separator: " + ")): \(sessions) sessions"
                + (targets.count > 1 ? " round robin" : "")
                + (loops > 1 ? " on \(loops) event loops" : "") + (realtime ? " at real-time priority" : "")
                + ", \(format(elapsedSeconds)) s",
            "connect (TCP + upgrade + welcome + snapshot): \(connectedSessions) connected, \(format(connectsPerSecond))/s, "
                + "p50 \(format(connect.p50)) ms, p95 \(format(connect.p95)) ms, p99 \(format(connect.p99)) ms",
            "action→patch: \(actionToPatch.count) acknowledged, p50 \(format(actionToPatch.p50)) ms, p95 \(format(actionToPatch.p95)) ms, "
                + "p99 \(format(actionToPatch.p99)) ms, max \(format(actionToPatch.max)) ms",
        ]
        if let steady = steadyActionToPatch {
            lines.append("action→patch once all \(sessions) sessions were connected: \(steady.count) acknowledged, p50 \(format(steady.p50)) ms, "
                + "p95 \(format(steady.p95)) ms, p99 \(format(steady.p99)) ms, max \(format(steady.max)) ms")
        }
        if fanout.count > 0 {
            lines.append("fan-out to every member: \(fanout.count) writes, p50 \(format(fanout.p50)) ms, p99 \(format(fanout.p99)) ms, max \(format(fanout.max)) ms")
            let each = fanoutToEachMember
            lines.append("fan-out to each member: \(each.count) deliveries, p50 \(format(each.p50)) ms, p99 \(format(each.p99)) ms, max \(format(each.max)) ms")
        }
        lines.append("throughput: \(actionsSent) actions (\(format(actionsPerSecond))/s), \(patchesReceived) patches (\(format(patchesPerSecond))/s), "
            + "\(bytesIn) bytes in, \(bytesOut) bytes out")
        if actionsSent > 0 {
            let mix = actionsByKind.sorted { ($0.value, $1.key) > ($1.value, $0.key) }
                .map { "\($0.key) \(format(100 * Double($0.value) / Double(actionsSent)))%" }
            lines.append("action mix: \(mix.joined(separator: ", "))")
        }
        if let cpu {
            let shares = [("server", cpu.server), ("tester", cpu.tester)].compactMap { name, share in
                share.map { share in
                    "\(name) \(format(share.cores)) cores"
                        + (share.microsPerAction.map { ", \(format($0)) µs an action" } ?? "")
                        + (share.microsPerPatch.map { ", \(format($0)) µs a patch" } ?? "")
                }
            }
            lines.append("cpu over the measured \(format(cpu.seconds)) s: \(shares.joined(separator: "; "))")
        }
        if let server = serverActionLatency {
            let shares = server.shares.filter { [1, 5].contains($0.withinMs) }
                .map { "\(format(100 * $0.share))% within \(format($0.withinMs)) ms" }
            lines.append("server's own action latency (its /metrics, same phase): \(server.count) actions, "
                + "p50 ≤ \(server.p50AtMostMs.map(format) ?? "?") ms, p99 ≤ \(server.p99AtMostMs.map(format) ?? "?") ms; \(shares.joined(separator: ", "))")
        }
        if let heldSessions { lines.append("held: \(heldSessions) sessions open at once") }
        if let serverMemory {
            lines.append("server RSS: \(serverMemory.beforeKiB) KiB → \(serverMemory.afterKiB) KiB, \(format(serverMemory.kibPerSession)) KiB per session")
        }
        if let resume {
            lines.append("resume: \(resume.byPatches) by patches, \(resume.bySnapshot) by snapshot"
                + (resume.seconds.map { ", all in \(format($0)) s" } ?? ""))
        }
        if let writes {
            lines.append("writes: \(writes.acknowledged) acknowledged in \(format(writes.seconds)) s, \(format(writes.perSecond))/s"
                + (favoritesByList.map { " into \($0.count) lists" } ?? ""))
        }
        if let presence {
            lines.append("presence: the killed target's \(presence.cutOff) members (of \(presence.members)) shown offline "
                + "\(format(presence.expirySeconds)) s after the kill")
        }
        if let failover {
            lines.append("failover: \(failover.restored)/\(failover.cutOff) cut-off sessions restored on the survivor (of \(failover.sessions)), "
                + "\(failover.wrongScreens) on a wrong screen" + (failover.seconds.map { ", all in \(format($0)) s after the kill" } ?? ""))
        }
        if let convergence {
            lines.append("convergence: \(convergence.passed ? "passed" : "FAILED"), \(convergence.matched)/\(convergence.checked) copies equal a fresh snapshot"
                + (convergence.detail.map { "; \($0)" } ?? ""))
        }
        let codes = closeCodes.sorted { $0.key < $1.key }.map { "\($0.key)×\($0.value)" }.joined(separator: " ")
        lines.append("close codes: \(codes.isEmpty ? "none" : codes)")
        let kinds = errors.sorted { $0.key < $1.key }.map { "\($0.key)×\($0.value)" }.joined(separator: " ")
        if let staleTaps, staleTaps > 0 { lines.append("row taps refused after their row was gone (not errors): \(staleTaps)") }
        lines.append("errors: \(errorCount)\(kinds.isEmpty ? "" : " (\(kinds))"), allowed \(maxErrors)")
        lines += errorExamples.prefix(5).map { "  e.g. \($0)" }
        if let comparison { lines += comparison.lines }
        if let failure { lines.append("FAILED: \(failure)") }
        lines.append(passed ? "result: passed" : "result: FAILED")
        return lines.joined(separator: "\n")
    }
}

extension Comparison {
    /// Every figure beside the baseline's, and the verdict.
    var lines: [String] {
        var lines = ["compared with \(baseline) (a p99 or the error rate may worsen by \(format(maxRegressionPercent))%):"]
        if let otherScenario { lines.append("  note: the baseline ran \(otherScenario), another load than this run's") }
        lines += figures.map { figure in
            "  \(figure.name): \(figure.formatted(figure.baseline)) → \(figure.formatted(figure.current)) (\(figure.change))"
                + (figure.regressed ? "  REGRESSED" : "")
        }
        lines.append(passed ? "comparison: no regression" : "comparison: REGRESSED (\(regressions.map(\.name).joined(separator: ", ")))")
        return lines
    }
}

extension Comparison.Figure {
    /// `+12.5%`, `-3.0%`, `=` or `new` (the baseline was zero).
    var change: String {
        guard let changePercent else { return current == baseline ? "=" : "new" }
        if abs(changePercent) < 0.05 { return "=" }
        return (changePercent > 0 ? "+" : "") + String(format: "%.1f%%", changePercent)
    }

    func formatted(_ value: Double) -> String {
        let number = value == value.rounded() && abs(value) < 1e12 ? String(Int(value)) : format(value)
        return unit.isEmpty ? number : unit == "%" || unit == "/s" ? number + unit : "\(number) \(unit)"
    }
}

func format(_ value: Double) -> String {
    String(format: value >= 100 ? "%.0f" : "%.2f", value)
}
