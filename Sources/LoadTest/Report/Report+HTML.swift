import Foundation

extension Report {
    /// A self-contained page (inline CSS and SVG, nothing fetched): summary cards, the
    /// percentile table of each phase, latency histograms, the run over time, the server's CPU
    /// and memory, the comparison with a baseline, and the text report.
    public var html: String {
        var sections = [header, cards, phaseTable]
        if let comparison { sections.append(comparisonTable(comparison)) }
        sections += [histograms, timeSeries, serverSeries, actionMix]
        sections.append("<section><details><summary>The text report</summary><pre>\(escape(text))</pre></details></section>")
        return """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="color-scheme" content="light dark">
        <title>pokedex-loadtest: \(escape(scenario))</title>
        <style>\(ReportStyle.css)</style></head>
        <body><main>
        \(sections.filter { !$0.isEmpty }.joined(separator: "\n"))
        </main></body></html>

        """
    }

    private var header: String {
        let verdict = passed ? "<span class=\"badge pass\">passed</span>" : "<span class=\"badge fail\">FAILED</span>"
        return """
        <header><h1>\(escape(scenario)) \(verdict)</h1>
        <p class="sub">\(sessions) sessions against \(targets.map { "<code>\(escape($0))</code>" }.joined(separator: " + ")), \
        \(format(elapsedSeconds)) s\(failure.map { " · <strong>\(escape($0))</strong>" } ?? "")</p></header>
        """
    }

    private var cards: String {
        let latency = steadyActionToPatch ?? actionToPatch
        var cards = [
            card("Sessions", "\(connectedSessions)", note: "of \(sessions) connected", figure: "sessions connected"),
            card("Actions/s", format(actionsPerSecond), note: "\(actionsSent) sent", figure: "actions/s"),
            card("p50", "\(format(latency.p50)) ms", note: "action → patch", figure: "action→patch p50"),
            card("p95", "\(format(latency.p95)) ms", note: "action → patch", figure: "action→patch p95"),
            card("p99", "\(format(latency.p99)) ms", note: "action → patch", figure: "action→patch p99"),
            card("max", "\(format(latency.max)) ms", note: "action → patch", figure: "action→patch max"),
            card("Errors", "\(errorCount)", note: "\(format(errorPercent))% of operations, \(maxErrors) allowed", figure: "error rate",
                 bad: errorCount > maxErrors),
        ]
        if let convergence {
            cards.append(card("Convergence", convergence.passed ? "passed" : "FAILED",
                              note: "\(convergence.matched)/\(convergence.checked) copies equal the server's", bad: !convergence.passed))
        }
        return "<section class=\"cards\">\(cards.joined())</section>"
    }

    /// A summary card; with a comparison, the baseline's figure and the change under it.
    private func card(_ title: String, _ value: String, note: String, figure: String? = nil, bad: Bool = false) -> String {
        var baseline = ""
        if let figure, let compared = comparison?.figures.first(where: { $0.name == figure }) {
            baseline = "<div class=\"base\(compared.regressed ? " worse" : "")\">baseline \(escape(compared.formatted(compared.baseline))) "
                + "(\(escape(compared.change)))</div>"
        }
        return "<div class=\"card\(bad ? " bad" : "")\"><div class=\"label\">\(escape(title))</div>"
            + "<div class=\"value\">\(escape(value))</div><div class=\"note\">\(escape(note))</div>\(baseline)</div>"
    }

    /// The phases with their percentiles.
    var phases: [(name: String, latency: Latency)] {
        var phases = [("Connect (TCP, upgrade, welcome, snapshot)", connect), ("Action → patch", actionToPatch)]
        if let steadyActionToPatch { phases.append(("Action → patch, all sessions connected", steadyActionToPatch)) }
        phases += [("Fan-out to every member", fanout), ("Fan-out to each member", fanoutToEachMember)]
        return phases.filter { $0.1.count > 0 }
    }

    private var phaseTable: String {
        let rows = phases.map { name, latency in
            "<tr><th scope=\"row\">\(escape(name))</th><td>\(latency.count)</td>"
                + [latency.p50, latency.p95, latency.p99, latency.max].map { "<td>\(format($0))</td>" }.joined() + "</tr>"
        }
        return """
        <section><h2>Percentiles by phase</h2><div class="scroll"><table>
        <thead><tr><th scope="col">Phase</th><th scope="col">count</th><th scope="col">p50 ms</th><th scope="col">p95 ms</th>\
        <th scope="col">p99 ms</th><th scope="col">max ms</th></tr></thead>
        <tbody>\(rows.joined())</tbody></table></div></section>
        """
    }

    private func comparisonTable(_ comparison: Comparison) -> String {
        let rows = comparison.figures.map { figure in
            "<tr class=\"\(figure.regressed ? "worse" : "")\"><th scope=\"row\">\(escape(figure.name))</th>"
                + "<td>\(escape(figure.formatted(figure.baseline)))</td><td>\(escape(figure.formatted(figure.current)))</td>"
                + "<td>\(escape(figure.change))</td><td>\(figure.regressed ? "REGRESSED" : figure.gated ? "ok" : "")</td></tr>"
        }
        let verdict = comparison.passed ? "no regression" : "REGRESSED: " + comparison.regressions.map(\.name).joined(separator: ", ")
        return """
        <section><h2>Compared with <code>\(escape(comparison.baseline))</code></h2>
        <p class="sub">A p99 or the error rate may worsen by \(format(comparison.maxRegressionPercent))%: \(escape(verdict)).\
        \(comparison.otherScenario.map { " The baseline ran <strong>\(escape($0))</strong>, another load than this run's." } ?? "")</p>
        <div class="scroll"><table><thead><tr><th scope="col">Figure</th><th scope="col">baseline</th><th scope="col">this run</th>\
        <th scope="col">change</th><th scope="col">verdict</th></tr></thead><tbody>\(rows.joined())</tbody></table></div></section>
        """
    }

    private var histograms: String {
        let charts = phases.map { name, latency in
            "<figure><figcaption>\(escape(name))</figcaption>\(SVGChart.histogram(latency.buckets, what: name.hasPrefix("Connect") ? "connections" : "count"))</figure>"
        }
        return charts.isEmpty ? "" : "<section><h2>Latency histograms</h2><div class=\"grid\">\(charts.joined())</div></section>"
    }

    private var timeSeries: String {
        var charts: [String] = []
        let sent = series.map { (x: Double($0.second), y: Double($0.actionsSent)) }
        let acknowledged = timeline.map { (x: Double($0.second), y: Double($0.count)) }
        if !sent.isEmpty || !acknowledged.isEmpty {
            charts.append(figure("Actions per second (sent, acknowledged)", SVGChart.lines([
                .init(name: "sent", style: "s1", points: sent), .init(name: "acknowledged", style: "s2", points: acknowledged),
            ], yTitle: "actions/s"), legend: [("sent", "s1"), ("acknowledged", "s2")]))
        }
        if !timeline.isEmpty {
            charts.append(figure("Action → patch by second", SVGChart.lines([
                .init(name: "p50", style: "s1", points: timeline.map { (Double($0.second), $0.p50) }),
                .init(name: "p99", style: "s3", points: timeline.map { (Double($0.second), $0.p99) }),
            ], yTitle: "ms"), legend: [("p50", "s1"), ("p99", "s3")]))
        }
        if !series.isEmpty {
            charts.append(figure("Errors per second", SVGChart.lines([
                .init(name: "errors", style: "s3", points: series.map { (Double($0.second), Double($0.errors)) }),
            ], yTitle: "errors/s"), legend: [("errors", "s3")]))
        }
        return charts.isEmpty ? "" : "<section><h2>The run over time</h2><div class=\"grid\">\(charts.joined())</div></section>"
    }

    private var serverSeries: String {
        let cores = series.compactMap { point in point.serverCores.map { (x: Double(point.second), y: $0) } }
        let rss = series.compactMap { point in point.serverRSSMiB.map { (x: Double(point.second), y: $0) } }
        guard !cores.isEmpty || !rss.isEmpty else {
            return "<section><h2>The server</h2><p class=\"sub\">No CPU or memory readings: pass --server-pid, or serve /metrics with "
                + "process_cpu_seconds_total and process_resident_memory_bytes.</p></section>"
        }
        var charts: [String] = []
        if !cores.isEmpty {
            charts.append(figure("Server CPU", SVGChart.lines([.init(name: "cores", style: "s4", points: cores)], yTitle: "cores busy"),
                                 legend: [("cores busy", "s4")]))
        }
        if !rss.isEmpty {
            charts.append(figure("Server resident memory", SVGChart.lines([.init(name: "RSS", style: "s2", points: rss)], yTitle: "MiB"),
                                 legend: [("RSS", "s2")]))
        }
        return "<section><h2>The server</h2><div class=\"grid\">\(charts.joined())</div></section>"
    }

    private var actionMix: String {
        guard actionsSent > 0 else { return "" }
        let rows = actionsByKind.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.map { kind, count in
            "<tr><th scope=\"row\"><code>\(escape(kind))</code></th><td>\(count)</td><td>\(format(100 * Double(count) / Double(actionsSent)))%</td></tr>"
        }
        return """
        <section><h2>Action mix</h2><div class="scroll"><table><thead><tr><th scope="col">Action</th><th scope="col">sent</th>\
        <th scope="col">share</th></tr></thead><tbody>\(rows.joined())</tbody></table></div></section>
        """
    }

    private func figure(_ caption: String, _ chart: String, legend: [(String, String)]) -> String {
        let keys = legend.map { "<span class=\"key \($0.1)\">\(escape($0.0))</span>" }.joined()
        return "<figure><figcaption>\(escape(caption)) <span class=\"legend\">\(keys)</span></figcaption>\(chart)</figure>"
    }
}

/// The report page's stylesheet: light and dark from the reader's setting, one column on a phone.
enum ReportStyle {
    static let css = """
    :root{--bg:#f7f7f9;--panel:#fff;--fg:#1d1d24;--muted:#5f6170;--line:#d9dae1;--grid:#ececf1;--accent:#3867d6;\
    --s1:#3867d6;--s2:#20a36b;--s3:#d63838;--s4:#9a5cd6;--pass:#1e8e55;--fail:#c62828}
    @media (prefers-color-scheme:dark){:root{--bg:#121318;--panel:#1c1d24;--fg:#e8e8ef;--muted:#a3a5b3;--line:#3a3c48;\
    --grid:#2a2b34;--accent:#7aa2ff;--s1:#7aa2ff;--s2:#4fd69c;--s3:#ff7272;--s4:#c79bff;--pass:#4fd69c;--fail:#ff7272}}
    *{box-sizing:border-box}
    body{margin:0;background:var(--bg);color:var(--fg);font:15px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif}
    main{max-width:72rem;margin:0 auto;padding:1rem}
    h1{font-size:1.5rem;margin:.2rem 0;display:flex;gap:.6rem;align-items:center;flex-wrap:wrap}
    h2{font-size:1.1rem;margin:1.6rem 0 .6rem}
    .sub{color:var(--muted);margin:.2rem 0;overflow-wrap:anywhere}
    code{font-family:ui-monospace,"SFMono-Regular",Menlo,monospace;font-size:.9em}
    .badge{font-size:.8rem;padding:.15rem .55rem;border-radius:1rem;color:#fff;text-transform:uppercase;letter-spacing:.04em}
    .badge.pass{background:var(--pass)}.badge.fail{background:var(--fail)}
    .cards{display:grid;grid-template-columns:repeat(auto-fit,minmax(8rem,1fr));gap:.6rem;margin-top:1rem}
    .card{background:var(--panel);border:1px solid var(--line);border-radius:.6rem;padding:.7rem .8rem}
    .card.bad{border-color:var(--fail)}
    .card .label{color:var(--muted);font-size:.8rem;text-transform:uppercase;letter-spacing:.05em}
    .card .value{font-size:1.45rem;font-weight:650;font-variant-numeric:tabular-nums}
    .card.bad .value{color:var(--fail)}
    .card .note,.card .base{color:var(--muted);font-size:.8rem}
    .card .base.worse,tr.worse td{color:var(--fail);font-weight:600}
    .scroll{overflow-x:auto;background:var(--panel);border:1px solid var(--line);border-radius:.6rem}
    table{border-collapse:collapse;width:100%;font-variant-numeric:tabular-nums}
    th,td{padding:.45rem .7rem;text-align:right;border-bottom:1px solid var(--grid);white-space:nowrap}
    th[scope=row],thead th:first-child{text-align:left}
    thead th{color:var(--muted);font-weight:600;font-size:.85rem}
    tbody tr:last-child>*{border-bottom:0}
    .grid{display:grid;grid-template-columns:repeat(auto-fit,minmax(min(100%,26rem),1fr));gap:.8rem}
    figure{margin:0;background:var(--panel);border:1px solid var(--line);border-radius:.6rem;padding:.6rem}
    figcaption{font-weight:600;margin-bottom:.3rem;display:flex;flex-wrap:wrap;gap:.5rem;align-items:center}
    .legend{font-weight:400;color:var(--muted);font-size:.85rem;display:flex;gap:.7rem}
    .key::before{content:"";display:inline-block;width:.9rem;height:.2rem;margin-right:.3rem;vertical-align:middle;background:currentColor}
    .key.s1::before{background:var(--s1)}.key.s2::before{background:var(--s2)}.key.s3::before{background:var(--s3)}.key.s4::before{background:var(--s4)}
    svg.chart{width:100%;height:auto;display:block}
    svg text{fill:var(--muted);font-size:11px;font-family:inherit}
    svg text.title{fill:var(--fg);font-size:12px}
    svg .axis{stroke:var(--muted);stroke-width:1}
    svg .rule{stroke:var(--grid);stroke-width:1}
    svg .bar{fill:var(--accent)}
    svg .line{fill:none;stroke-width:2;stroke-linejoin:round}
    svg .line.s1{stroke:var(--s1)}svg .line.s2{stroke:var(--s2)}svg .line.s3{stroke:var(--s3)}svg .line.s4{stroke:var(--s4)}
    svg .dot.s1{fill:var(--s1)}svg .dot.s2{fill:var(--s2)}svg .dot.s3{fill:var(--s3)}svg .dot.s4{fill:var(--s4)}
    details{background:var(--panel);border:1px solid var(--line);border-radius:.6rem;padding:.6rem .8rem}
    summary{cursor:pointer;font-weight:600}
    pre{white-space:pre-wrap;overflow-wrap:anywhere;font-size:.85rem}
    @media (max-width:30rem){main{padding:.6rem}.card .value{font-size:1.2rem}th,td{padding:.4rem .5rem}}
    """
}
