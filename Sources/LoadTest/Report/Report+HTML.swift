import Foundation

extension Report {
    /// A self-contained page: the text report, latency histograms and action latency over
    /// time as inline SVG (nothing is fetched to view it).
    public var html: String {
        var body = "<h1>pokedex-loadtest: \(escape(scenario))</h1>\n<pre>\(escape(text))</pre>\n"
        for (title, latency) in [("Connect time", connect), ("Action → patch", actionToPatch), ("Fan-out to every member", fanout),
                              ("Fan-out to each member", fanoutToEachMember)]
        where latency.count > 0 {
            body += "<h2>\(escape(title)) (ms)</h2>\n" + SVGChart.histogram(latency.buckets) + "\n"
        }
        if !timeline.isEmpty {
            body += "<h2>Action → patch over time (ms; p50 blue, p99 red, max grey)</h2>\n" + SVGChart.timeline(timeline) + "\n"
        }
        return """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8"><title>pokedex-loadtest \(escape(scenario))</title>
        <style>body{font-family:system-ui,sans-serif;margin:2em;max-width:60em}pre{background:#f4f4f4;padding:1em;white-space:pre-wrap}
        svg{background:#fafafa;border:1px solid #ddd}text{font-size:11px;fill:#333}</style></head>
        <body>
        \(body)</body></html>

        """
    }
}

/// Inline SVG charts for the HTML report.
enum SVGChart {
    static let width = 720.0
    static let height = 240.0
    static let margin = 40.0

    /// Bars over a logarithmic latency axis (buckets are log-spaced); heights are counts.
    static func histogram(_ buckets: [Report.Bucket]) -> String {
        guard let low = buckets.first?.fromMs, let high = buckets.last?.toMs else { return "" }
        let lowLog = log10(max(low, 0.001)), highLog = log10(max(high, low * 1.01, 0.002))
        let maxCount = Double(buckets.map(\.count).max() ?? 1)
        let x = { (ms: Double) in margin + (log10(max(ms, 0.001)) - lowLog) / (highLog - lowLog) * (width - 2 * margin) }
        let bars = buckets.map { bucket in
            let h = Double(bucket.count) / maxCount * (height - 2 * margin)
            let left = x(bucket.fromMs), barWidth = max(1, x(bucket.toMs) - left)
            return rect(left, height - margin - h, barWidth, h, "#4a7ebb", title: "\(format(bucket.fromMs))–\(format(bucket.toMs)) ms: \(bucket.count)")
        }
        let ticks = logTicks(low, high).map { ms in
            label(x(ms), height - margin + 14, format(ms)) + line(x(ms), height - margin, x(ms), height - margin + 4, "#333")
        }
        return svg(bars + ticks + [label(margin, margin - 8, "max count \(Int(maxCount))"), axes()])
    }

    /// p50, p99 and max per second of the run.
    static func timeline(_ seconds: [Report.Second]) -> String {
        let first = Double(seconds.first!.second), last = Double(max(seconds.last!.second, seconds.first!.second + 1))
        let top = max(seconds.map(\.max).max() ?? 1, 0.001)
        let x = { (second: Double) in margin + (second - first) / (last - first) * (width - 2 * margin) }
        let y = { (ms: Double) in height - margin - ms / top * (height - 2 * margin) }
        let series: [(KeyPath<Report.Second, Double>, String)] = [(\.max, "#999"), (\.p99, "#c33"), (\.p50, "#36c")]
        let lines = series.map { path, colour in
            let points = seconds.map { "\(fixed(x(Double($0.second)))),\(fixed(y($0[keyPath: path])))" }.joined(separator: " ")
            return "<polyline fill=\"none\" stroke=\"\(colour)\" stroke-width=\"1.5\" points=\"\(points)\"/>"
        }
        let labels = [label(margin, margin - 8, "\(format(top)) ms"), label(x(first), height - margin + 14, "\(Int(first)) s"),
                      label(x(last) - 20, height - margin + 14, "\(Int(last)) s")]
        return svg(lines + labels + [axes()])
    }

    private static func logTicks(_ low: Double, _ high: Double) -> [Double] {
        var ticks: [Double] = []
        var tick = pow(10, floor(log10(max(low, 0.001))))
        while tick <= high {
            if tick >= low { ticks.append(tick) }
            tick *= 10
        }
        return ticks
    }

    private static func svg(_ parts: [String]) -> String {
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Int(width))\" height=\"\(Int(height))\" viewBox=\"0 0 \(Int(width)) \(Int(height))\">"
            + parts.joined() + "</svg>"
    }

    private static func axes() -> String {
        line(margin, height - margin, width - margin, height - margin, "#333") + line(margin, margin, margin, height - margin, "#333")
    }

    private static func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double, _ fill: String, title: String) -> String {
        "<rect x=\"\(fixed(x))\" y=\"\(fixed(y))\" width=\"\(fixed(w))\" height=\"\(fixed(h))\" fill=\"\(fill)\"><title>\(escape(title))</title></rect>"
    }

    private static func line(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ stroke: String) -> String {
        "<line x1=\"\(fixed(x1))\" y1=\"\(fixed(y1))\" x2=\"\(fixed(x2))\" y2=\"\(fixed(y2))\" stroke=\"\(stroke)\"/>"
    }

    private static func label(_ x: Double, _ y: Double, _ text: String) -> String {
        "<text x=\"\(fixed(x))\" y=\"\(fixed(y))\">\(escape(text))</text>"
    }

    private static func fixed(_ value: Double) -> String { String(format: "%.1f", value) }
}

func escape(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
        .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
}
