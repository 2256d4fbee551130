import StateSync

/// A run beside a baseline (`--compare BASELINE.json`): every figure both have, the change, and
/// the verdict. A gated figure (a p99, the error rate) regresses when it got worse by more than
/// `maxRegressionPercent`; an error rate that was zero regresses with any error at all.
public struct Comparison: Codable, Sendable, Equatable {
    public struct Figure: Codable, Sendable, Equatable {
        public var name: String
        public var unit: String
        public var baseline: Double
        public var current: Double
        /// The change relative to the baseline, in percent; nil when the baseline is zero.
        public var changePercent: Double?
        /// Whether a regression of this figure fails the run.
        public var gated: Bool
        public var regressed: Bool
    }

    /// The baseline report's path, as given.
    public var baseline: String
    /// The scenario the baseline ran, when it is not this run's: its figures measure another load.
    public var otherScenario: String?
    public var maxRegressionPercent: Double
    /// Figures in both reports, in `ComparedFigure.all`'s order.
    public var figures: [Figure]

    public var regressions: [Figure] { figures.filter(\.regressed) }
    public var passed: Bool { regressions.isEmpty }

    /// Compares two reports' JSON (the baseline as read from its file, the current run's as
    /// `Report.jsonData` writes it).
    init(baseline: JSONValue, current: JSONValue, baselinePath: String, maxRegressionPercent: Double) {
        self.baseline = baselinePath
        let scenarios = (baseline["scenario"]?.stringValue, current["scenario"]?.stringValue)
        otherScenario = scenarios.0 != scenarios.1 ? scenarios.0 ?? "?" : nil
        self.maxRegressionPercent = maxRegressionPercent
        figures = ComparedFigure.all.compactMap { figure in
            guard let old = Self.number(baseline, figure.path), let new = Self.number(current, figure.path) else { return nil }
            // A phase neither run had (fan-out in browse) would only add rows of zeros.
            if figure.unit == "ms", old == 0, new == 0 { return nil }
            let change: Double? = old == 0 ? nil : (new - old) / abs(old) * 100
            return Figure(name: figure.name, unit: figure.unit, baseline: old, current: new, changePercent: change,
                          gated: figure.gated,
                          regressed: figure.gated && Self.regressed(figure, old, new, limit: maxRegressionPercent))
        }
    }

    /// Worse than the baseline by more than `limit` percent. A latency whose baseline is zero
    /// (the phase did not happen then) is not judged; an error rate's is: any error is worse.
    static func regressed(_ figure: ComparedFigure, _ old: Double, _ new: Double, limit: Double) -> Bool {
        switch figure.better {
        case .lower:
            if old == 0 { return figure.path == ["errorPercent"] && new > 0 }
            return new > old * (1 + limit / 100)
        case .higher:
            return new < old * (1 - limit / 100)
        }
    }

    private static func number(_ value: JSONValue, _ path: [String]) -> Double? {
        var node: JSONValue? = value
        for key in path { node = node?[key] }
        switch node {
        case .int(let number)?: return Double(number)
        case .double(let number)?: return number
        default: return nil
        }
    }
}
