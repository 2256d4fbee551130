/// What `/healthz` answers: ready (200 `ok`) only while the server accepts sessions and its
/// storage answers, so a load balancer stops sending browsers to a draining server or to one
/// whose database is gone. Both probes are injected (tests fail them on purpose).
struct HealthCheck: Sendable {
    /// True from the moment shutdown starts (SIGTERM).
    let isDraining: @Sendable () -> Bool
    /// A cheap read through storage's read path; throws when storage fails.
    let probeStorage: @Sendable () throws -> Void

    /// Nil when ready, else the one-line reason why not.
    func problem() -> String? {
        if isDraining() { return "draining: the server is shutting down" }
        do {
            try probeStorage()
        } catch {
            // One line, whatever the error's description holds.
            let reason = "\(error)".split(whereSeparator: \.isNewline).joined(separator: " ")
            return "storage unavailable: \(reason)"
        }
        return nil
    }
}
