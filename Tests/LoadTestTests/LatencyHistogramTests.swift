import SeededRandom
@testable import LoadTest
import XCTest

final class LatencyHistogramTests: XCTestCase {
    /// Nearest-rank percentile of a sorted array: the reference.
    func reference(_ sorted: [Int], _ p: Double) -> Int {
        sorted[max(1, Int((p / 100 * Double(sorted.count)).rounded(.up))) - 1]
    }

    func testPercentilesMatchASortedArrayWithinOnePercent() {
        var rng = SeededGenerator(seed: 42)
        for sampleCount in [1, 7, 100, 10_000] {
            // Log-uniform from 1 µs to ~10 s, so every bucket magnitude is exercised.
            let samples = (0..<sampleCount).map { _ in Int(pow(10, Double.random(in: 0...7, using: &rng))) }
            var histogram = LatencyHistogram()
            for sample in samples { histogram.record(microseconds: sample) }
            let sorted = samples.sorted()
            for p in [0.1, 1, 50, 90, 95, 99, 99.9, 100] {
                let exact = reference(sorted, p), estimate = histogram.percentile(p)
                XCTAssertLessThanOrEqual(abs(estimate - exact), exact / 100 + 1, "p\(p) of \(sampleCount) samples")
            }
            XCTAssertEqual(histogram.maxMicroseconds, sorted.last)
            XCTAssertEqual(histogram.minMicroseconds, sorted.first)
            XCTAssertEqual(histogram.count, UInt64(sampleCount))
        }
    }

    func testSmallValuesAreExact() {
        var histogram = LatencyHistogram()
        for value in [3, 1, 2, 5, 4] { histogram.record(microseconds: value) }
        XCTAssertEqual(histogram.percentile(50), 3)
        XCTAssertEqual(histogram.percentile(100), 5)
        XCTAssertEqual(histogram.percentile(1), 1)
    }

    func testMergingEqualsRecordingEverything() {
        var rng = SeededGenerator(seed: 7)
        var left = LatencyHistogram(), right = LatencyHistogram(), all = LatencyHistogram()
        for index in 0..<5_000 {
            let value = Int.random(in: 0...2_000_000, using: &rng)
            if index.isMultiple(of: 2) { left.record(microseconds: value) } else { right.record(microseconds: value) }
            all.record(microseconds: value)
        }
        left.merge(right)
        XCTAssertEqual(left.count, all.count)
        XCTAssertEqual(left.percentile(99), all.percentile(99))
        XCTAssertEqual(left.buckets.map(\.count), all.buckets.map(\.count))
    }

    func testBucketsCoverEveryValueOnce() {
        for value in [0, 1, 127, 128, 129, 255, 256, 1_000, 65_535, 1 << 40] {
            XCTAssertTrue(LatencyHistogram.bucketRange(LatencyHistogram.bucketIndex(value)).contains(value), "\(value)")
        }
        XCTAssertEqual(LatencyHistogram.bucketIndex(256), LatencyHistogram.bucketIndex(255) + 1)
    }

    func testEmptyHistogramReportsZero() {
        XCTAssertEqual(LatencyHistogram().percentile(99), 0)
    }
}
