import Foundation

/// Inline SVG charts for the HTML report: labelled axes, colours from the page's CSS classes
/// (so dark mode recolours them), a `viewBox` so they scale to the screen.
enum SVGChart {
    static let width = 560.0
    static let height = 250.0
    static let left = 56.0, right = 16.0, top = 16.0, bottom = 44.0

    struct Series {
        var name: String
        /// A CSS class: `s1` … `s4`.
        var style: String
        var points: [(x: Double, y: Double)]
    }

    /// Bars over a logarithmic latency axis; heights are counts. The recorder's fine buckets
    /// are gathered into `binsPerDecade` bins, which read as a shape rather than as spikes.
    static func histogram(_ fine: [Report.Bucket], what: String) -> String {
        let buckets = bins(fine)
        guard let low = buckets.first?.fromMs, let high = buckets.last?.toMs else { return "" }
        let lowLog = log10(max(low, 0.001)), highLog = log10(max(high, low * 1.01, 0.002))
        let maxCount = Double(buckets.map(\.count).max() ?? 1)
        let x = { (ms: Double) in left + (log10(max(ms, 0.001)) - lowLog) / (highLog - lowLog) * (width - left - right) }
        let y = { (count: Double) in height - bottom - count / maxCount * (height - top - bottom) }
        var parts = buckets.map { bucket in
            let barLeft = x(bucket.fromMs)
            return rect(barLeft, y(Double(bucket.count)), max(1, x(bucket.toMs) - barLeft), height - bottom - y(Double(bucket.count)),
                        title: "\(format(bucket.fromMs))–\(format(bucket.toMs)) ms: \(bucket.count)")
        }
        for ms in logTicks(low, high) {
            parts.append(tick(x: x(ms), label: format(ms)))
        }
        for count in niceTicks(maxCount) {
            parts.append(tick(y: y(count), label: compact(count)))
        }
        parts.append(axes(xTitle: "latency, ms (log scale)", yTitle: what))
        return svg(parts, label: "Histogram of \(what) by latency")
    }

    /// Lines over the seconds of the run, sharing one y axis from zero.
    static func lines(_ series: [Series], yTitle: String) -> String {
        let xs = series.flatMap { $0.points.map(\.x) }, ys = series.flatMap { $0.points.map(\.y) }
        guard let first = xs.min(), let last = xs.max() else { return "" }
        let span = max(last - first, 1)
        let highest = ys.max() ?? 0
        let top = (highest > 0 ? highest : 1) * 1.05
        let x = { (second: Double) in left + (second - first) / span * (width - left - right) }
        let y = { (value: Double) in height - bottom - value / top * (height - self.top - bottom) }
        var parts: [String] = []
        for value in niceTicks(top) {
            parts.append(tick(y: y(value), label: compact(value)))
        }
        for second in niceTicks(span).map({ first + $0 }) where second <= last {
            parts.append(tick(x: x(second), label: "\(Int(second))"))
        }
        for line in series where !line.points.isEmpty {
            let points = line.points.map { "\(fixed(x($0.x))),\(fixed(y($0.y)))" }.joined(separator: " ")
            parts.append("<polyline class=\"line \(line.style)\" points=\"\(points)\"><title>\(escape(line.name))</title></polyline>")
            if line.points.count == 1 {
                parts.append("<circle class=\"dot \(line.style)\" cx=\"\(fixed(x(line.points[0].x)))\" cy=\"\(fixed(y(line.points[0].y)))\" r=\"3\"/>")
            }
        }
        parts.append(axes(xTitle: "seconds into the run", yTitle: yTitle))
        return svg(parts, label: "\(yTitle) over the run")
    }

    static let binsPerDecade = 10.0

    /// `buckets` summed into bins of equal width on a log scale.
    static func bins(_ buckets: [Report.Bucket]) -> [Report.Bucket] {
        var counts: [Int: Int] = [:]
        for bucket in buckets {
            let middle = max((bucket.fromMs + bucket.toMs) / 2, 0.001)
            counts[Int(floor(log10(middle) * binsPerDecade)), default: 0] += bucket.count
        }
        return counts.keys.sorted().map { bin in
            Report.Bucket(fromMs: pow(10, Double(bin) / binsPerDecade), toMs: pow(10, Double(bin + 1) / binsPerDecade), count: counts[bin]!)
        }
    }

    /// 1, 10, 100 … within the range.
    static func logTicks(_ low: Double, _ high: Double) -> [Double] {
        var ticks: [Double] = []
        var tick = pow(10, floor(log10(max(low, 0.001))))
        while tick <= high * 1.0001 {
            if tick >= low * 0.9999 { ticks.append(tick) }
            tick *= 10
        }
        return ticks.isEmpty ? [low, high] : ticks
    }

    /// Zero and round steps (1, 2 or 5 × 10ⁿ) up to `top`: four or five of them.
    static func niceTicks(_ top: Double) -> [Double] {
        guard top > 0 else { return [0] }
        let rough = top / 4
        let magnitude = pow(10, floor(log10(rough)))
        let step = [1.0, 2, 5, 10].map { $0 * magnitude }.first { $0 >= rough } ?? rough
        return stride(from: 0, through: top, by: step).map { $0 }
    }

    private static func svg(_ parts: [String], label: String) -> String {
        "<svg class=\"chart\" role=\"img\" aria-label=\"\(escape(label))\" xmlns=\"http://www.w3.org/2000/svg\" "
            + "viewBox=\"0 0 \(Int(width)) \(Int(height))\">" + parts.joined() + "</svg>"
    }

    private static func axes(xTitle: String, yTitle: String) -> String {
        line(left, height - bottom, width - right, height - bottom, "axis") + line(left, top, left, height - bottom, "axis")
            + "<text class=\"title\" x=\"\(fixed((left + width - right) / 2))\" y=\"\(fixed(height - 6))\" text-anchor=\"middle\">\(escape(xTitle))</text>"
            + "<text class=\"title\" transform=\"translate(14 \(fixed((top + height - bottom) / 2))) rotate(-90)\" text-anchor=\"middle\">\(escape(yTitle))</text>"
    }

    private static func tick(x: Double, label: String) -> String {
        line(x, height - bottom, x, height - bottom + 4, "axis")
            + "<text x=\"\(fixed(x))\" y=\"\(fixed(height - bottom + 16))\" text-anchor=\"middle\">\(escape(label))</text>"
    }

    private static func tick(y: Double, label: String) -> String {
        line(left, y, width - right, y, "rule")
            + "<text x=\"\(fixed(left - 6))\" y=\"\(fixed(y + 4))\" text-anchor=\"end\">\(escape(label))</text>"
    }

    private static func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double, title: String) -> String {
        "<rect class=\"bar\" x=\"\(fixed(x))\" y=\"\(fixed(y))\" width=\"\(fixed(w))\" height=\"\(fixed(h))\"><title>\(escape(title))</title></rect>"
    }

    private static func line(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ style: String) -> String {
        "<line class=\"\(style)\" x1=\"\(fixed(x1))\" y1=\"\(fixed(y1))\" x2=\"\(fixed(x2))\" y2=\"\(fixed(y2))\"/>"
    }

    /// 1.5k, 250, 0.25.
    private static func compact(_ value: Double) -> String {
        if value >= 10_000 { return "\(format(value / 1000))k" }
        return value == value.rounded() ? String(Int(value)) : format(value)
    }

    private static func fixed(_ value: Double) -> String { String(format: "%.1f", value) }
}

func escape(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
        .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
}
