/// The server's own action latency over a measured phase, from the histogram it exports at
/// `/metrics` (`pokedex_action_latency_seconds`: from an action frame being read to its state
/// being sent). Set beside the tester's action-to-patch latency it tells the server's work from
/// the time frames waited to be read and handled at either end, which on a machine the two
/// processes share is mostly time waiting for a core.
struct ServerActionLatency: Sendable, Equatable {
    /// Upper bounds of the buckets in seconds, ascending; a last bucket (`+Inf`) follows them.
    var bounds: [Double]
    /// Actions in each bucket: one more than `bounds`.
    var counts: [Int]

    var total: Int { counts.reduce(0, +) }

    static let metricName = "pokedex_action_latency_seconds_bucket"

    /// The histogram in a `/metrics` page (cumulative buckets in Prometheus' text format), or nil
    /// when the page has none.
    init?(metrics: String) {
        var cumulative: [(bound: Double, count: Int)] = []
        var infinite: Int?
        for line in metrics.split(separator: "\n") where line.hasPrefix(Self.metricName + "{le=\"") {
            let rest = line.dropFirst(Self.metricName.count + "{le=\"".count)
            guard let quote = rest.firstIndex(of: "\""), let count = Int(rest[quote...].drop { $0 != " " }.dropFirst()) else { continue }
            let label = rest[..<quote]
            if label == "+Inf" {
                infinite = count
            } else if let bound = Double(label) {
                cumulative.append((bound, count))
            }
        }
        guard let infinite, !cumulative.isEmpty else { return nil }
        cumulative.sort { $0.bound < $1.bound }
        bounds = cumulative.map(\.bound)
        let totals = cumulative.map(\.count) + [infinite]
        counts = totals.indices.map { $0 == 0 ? totals[0] : totals[$0] - totals[$0 - 1] }
    }

    init(bounds: [Double], counts: [Int]) {
        self.bounds = bounds
        self.counts = counts
    }

    /// What was added since `earlier` (nil if the buckets differ, e.g. another server).
    func since(_ earlier: ServerActionLatency) -> ServerActionLatency? {
        guard bounds == earlier.bounds, counts.count == earlier.counts.count else { return nil }
        return ServerActionLatency(bounds: bounds, counts: zip(counts, earlier.counts).map { $0 - $1 })
    }

    /// Both histograms' actions together (nil if the buckets differ).
    func adding(_ other: ServerActionLatency) -> ServerActionLatency? {
        guard bounds == other.bounds, counts.count == other.counts.count else { return nil }
        return ServerActionLatency(bounds: bounds, counts: zip(counts, other.counts).map { $0 + $1 })
    }

    /// The upper bound, in milliseconds, of the bucket holding the `p`-th percentile (nearest
    /// rank): the percentile is at most this. Nil when there is nothing, or when it lies past
    /// the last bound.
    func percentileBoundMs(_ p: Double) -> Double? {
        let total = total
        guard total > 0 else { return nil }
        let rank = max(1, Int((p / 100 * Double(total)).rounded(.up)))
        var seen = 0
        for (index, count) in counts.enumerated() {
            seen += count
            if seen >= rank { return index < bounds.count ? bounds[index] * 1000 : nil }
        }
        return nil
    }

    /// The share of actions (0…1) that took at most `bound` seconds, one of `bounds`.
    func share(within bound: Double) -> Double? {
        guard let index = bounds.firstIndex(of: bound), total > 0 else { return nil }
        return Double(counts[...index].reduce(0, +)) / Double(total)
    }
}
