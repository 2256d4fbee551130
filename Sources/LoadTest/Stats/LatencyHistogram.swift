/// Latencies in microseconds, counted in log-linear buckets (exact below 128 µs, then 128
/// buckets per power of two): constant memory, mergeable, percentiles within 1 %.
public struct LatencyHistogram: Sendable, Equatable {
    static let subBuckets = 128
    private var counts: [UInt64] = []
    public private(set) var count: UInt64 = 0
    public private(set) var minMicroseconds = Int.max
    public private(set) var maxMicroseconds = 0

    public init() {}

    public mutating func record(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        record(microseconds: Int(seconds) * 1_000_000 + Int(attoseconds / 1_000_000_000_000))
    }

    public mutating func record(microseconds: Int) {
        let value = max(0, microseconds)
        let index = Self.bucketIndex(value)
        if index >= counts.count { counts += Array(repeating: 0, count: index - counts.count + 1) }
        counts[index] += 1
        count += 1
        minMicroseconds = min(minMicroseconds, value)
        maxMicroseconds = max(maxMicroseconds, value)
    }

    public mutating func merge(_ other: LatencyHistogram) {
        if other.counts.count > counts.count { counts += Array(repeating: 0, count: other.counts.count - counts.count) }
        for (index, value) in other.counts.enumerated() { counts[index] += value }
        count += other.count
        minMicroseconds = min(minMicroseconds, other.minMicroseconds)
        maxMicroseconds = max(maxMicroseconds, other.maxMicroseconds)
    }

    /// The nearest-rank percentile (`p` in 0…100) in microseconds; 0 when empty.
    public func percentile(_ p: Double) -> Int {
        guard count > 0 else { return 0 }
        let rank = max(1, UInt64((p / 100 * Double(count)).rounded(.up)))
        var seen: UInt64 = 0
        for (index, bucketCount) in counts.enumerated() where bucketCount > 0 {
            seen += bucketCount
            if seen >= rank {
                let range = Self.bucketRange(index)
                return min(max((range.lowerBound + range.upperBound) / 2, minMicroseconds), maxMicroseconds)
            }
        }
        return maxMicroseconds
    }

    /// Non-empty buckets as (lowest, highest microsecond value, count), in order.
    public var buckets: [(range: ClosedRange<Int>, count: UInt64)] {
        counts.enumerated().compactMap { index, value in value == 0 ? nil : (Self.bucketRange(index), value) }
    }

    static func bucketIndex(_ value: Int) -> Int {
        guard value >= subBuckets else { return value }
        let magnitude = (Int.bitWidth - value.leadingZeroBitCount) - 8
        return subBuckets * (magnitude + 1) + (value >> magnitude) - subBuckets
    }

    static func bucketRange(_ index: Int) -> ClosedRange<Int> {
        guard index >= subBuckets else { return index...index }
        let magnitude = index / subBuckets - 1
        let sub = index % subBuckets + subBuckets
        return (sub << magnitude)...(((sub + 1) << magnitude) - 1)
    }
}

extension LatencyHistogram {
    /// A percentile in milliseconds.
    public func milliseconds(_ p: Double) -> Double { Double(percentile(p)) / 1000 }
    public var maxMilliseconds: Double { Double(maxMicroseconds) / 1000 }
}
