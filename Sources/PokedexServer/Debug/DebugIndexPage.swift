import StateSync
import WebSocketServer

/// `/debug/` (`--debug`): the live sessions, each with a link to rewind it (`/?rewind=ID`:
/// the web client showing its recording, read-only, `web/js/rewind.js`) and to its recording.
/// No script: the page is static HTML, escaped.
enum DebugIndexPage {
    static let paths: Set<String> = ["/debug", "/debug/"]

    static func render(_ sessions: [Session]) -> HTTPResponse {
        let rows = sessions.sorted { $0.id < $1.id }.map { session in
            let id = escape(session.id)
            return "<tr><td><code>\(id)</code></td><td>\(escape(session.currentUser.displayName))</td>"
                + "<td>\(session.output.connection != nil ? "yes" : "no")</td><td>\(session.recording?.actionCount ?? 0)</td>"
                + "<td><a href=\"/?rewind=\(id)\">rewind</a> · <a href=\"/debug/sessions/\(id)\">actions</a> · "
                + "<a href=\"/debug/sessions/\(id)/recording\">recording</a></td></tr>"
        }
        let html = """
        <!doctype html><html lang="en"><head><meta charset="utf-8"><title>Pokédex Live: sessions</title>
        <link rel="stylesheet" href="/app.css"></head><body><main class="debug-index"><h1>Live sessions</h1>
        <table><thead><tr><th>session</th><th>user</th><th>connected</th><th>actions</th><th></th></tr></thead>
        <tbody>\(rows.joined())</tbody></table></main></body></html>
        """
        return HTTPResponse(contentType: "text/html; charset=utf-8", headers: ["cache-control": "no-store"], body: Array(html.utf8))
    }

    static func escape(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
