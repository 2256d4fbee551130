/// The `failover` scenario's arithmetic: which screen each session shows, which target
/// survived a loss, and how long the sessions were without their screen.
enum FailoverPlan {
    /// The screen session `index` navigates to: a detail page, different for neighbours so a
    /// resume that brought back another session's screen would be caught.
    static func route(for index: Int) -> String {
        "/pokemon/\(index % WritePlan.dexSize + 1)"
    }

    /// Where the sessions of `lost` go: the first other target, nil if there is none.
    static func survivor(of targets: [LoadTarget], lost: LoadTarget) -> LoadTarget? {
        targets.first { $0 != lost }
    }

    /// Seconds from the first lost connection (the kill, as near as the tester can tell: the
    /// kernel closes a killed process's sockets at once) to the last session restored; nil
    /// when nothing was lost or not everything came back.
    static func seconds(lostAt: [ContinuousClock.Instant], restoredAt: ContinuousClock.Instant?) -> Double? {
        guard let first = lostAt.min(), let restoredAt, restoredAt >= first else { return nil }
        return (restoredAt - first).seconds
    }

    /// Indices of the sessions whose state shows another screen than `route(for:)`.
    static func wrongScreens(_ screens: [(index: Int, route: String?)]) -> [Int] {
        screens.filter { $0.route != route(for: $0.index) }.map(\.index)
    }
}
