/// The sessions a scenario file's stages ask for over time: from 0, each stage moves the
/// target linearly to its own over its duration (k6's `stages`).
struct StagePlan: Sendable, Equatable {
    let stages: [ScenarioFile.Stage]

    init(_ stages: [ScenarioFile.Stage]) {
        self.stages = stages
    }

    var totalSeconds: Double { stages.reduce(0) { $0 + $1.duration } }

    /// Sessions wanted `seconds` into the run (rounded to the nearest); the last target after
    /// the end.
    func target(at seconds: Double) -> Int {
        var start = 0.0, from = 0
        for stage in stages {
            if seconds < start + stage.duration {
                let progress = max(0, seconds - start) / stage.duration
                return Int((Double(from) + Double(stage.target - from) * progress).rounded())
            }
            start += stage.duration
            from = stage.target
        }
        return from
    }

    /// Sessions started over the whole plan, at most: every rise of the target needs new ones (a
    /// session that left does not come back), so this is the sum of the rises (a run checking
    /// the target every tick may miss the very bottom of a dip, and start a few fewer).
    var sessionsNeeded: Int {
        var from = 0, total = 0
        for stage in stages {
            total += max(0, stage.target - from)
            from = stage.target
        }
        return total
    }
}
