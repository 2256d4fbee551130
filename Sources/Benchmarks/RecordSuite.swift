import Foundation
import PokedexServer
import ProcessStats
import StateSync

/// `scripts/bench record`: what recording a session (`--record`) costs a browsing session:
/// the server process's CPU per browser action without and with it, in alternating runs on
/// fresh servers, and the recording's bytes per action (the file each session leaves).
public let recordSuite = Suite(name: "record", summary: "CPU and bytes per action of --record, for a browsing session") {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bench-record-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: directory) }
    var off: [Double] = [], on: [Double] = []
    var recording: (bytes: Int, actions: Int, browserActions: Int) = (0, 0, 0)
    // Alternating pairs: the host's noise falls on both sides alike.
    for pair in 0..<3 {
        off.append(try await browseCPU(record: false, in: directory + "/off-\(pair)").cpuPerAction)
        let recorded = try await browseCPU(record: true, in: directory + "/on-\(pair)")
        on.append(recorded.cpuPerAction)
        recording = try recordingSize(in: directory + "/on-\(pair)/recordings")
    }
    let offMedian = off.sorted()[1], onMedian = on.sorted()[1]
    let bytesPerBrowserAction = Double(recording.bytes) / Double(max(1, recording.browserActions))
    return [
        Figure("record.cpu_us_per_action_off", offMedian * 1e6, "us"),
        Figure("record.cpu_us_per_action_on", onMedian * 1e6, "us"),
        Figure("record.cpu_ratio_on_off", onMedian / offMedian, "ratio"),
        Figure("record.bytes_per_browser_action_browse", bytesPerBrowserAction, "bytes"),
        Figure("record.bytes_per_reduced_action_browse", Double(recording.bytes) / Double(max(1, recording.actions)), "bytes"),
        Figure("record.reduced_actions_per_browser_action", Double(recording.actions) / Double(max(1, recording.browserActions)), "ratio"),
    ]
}

/// The server's CPU seconds per browser action over `rounds` of browsing (scroll the list,
/// open and close rows, search "pi" and clear it, go to a detail by its URL and back).
private func browseCPU(record: Bool, in directory: String, rounds: Int = 60) async throws -> (cpuPerAction: Double, actions: Int) {
    let (server, client, session) = try await BenchSession.start(in: directory, record: record)
    defer { client.shutdown() }
    _ = try await session.perform(["destination": ["dismiss": [:]]]) { $0.acknowledged == $0.ref }
    let before = ProcessCPU.seconds() ?? 0
    var actions = 0
    func act(_ action: JSONValue, until done: @escaping (BenchSession) -> Bool = { $0.acknowledged == $0.ref }) async throws {
        actions += 1
        _ = try await session.perform(action) { $0.acknowledged == $0.ref && done($0) }
    }
    for round in 0..<rounds {
        if round % 6 < 3, session.state["list"]?["canLoadMore"] == true {
            try await act(["list": ["reachedEnd": [:]]]) { $0.state["list"]?["isLoadingMore"] == false }
        }
        // A row on screen (a search shows only its matches).
        let rows = (session.state["list"]?["pages"]?.arrayValue ?? []).flatMap { $0.arrayValue ?? [] }.compactMap { $0["id"]?.intValue }
        let id = rows.isEmpty ? 1 : rows[(round * 37) % rows.count]
        try await act(["list": ["rowTapped": ["id": .int(id)]]]) { $0.state["destination"]?["detail"]?["status"] == "loaded" }
        try await act(["destination": ["dismiss": [:]]])
        if round % 4 == 0 {
            let search = session.state["list"]?["search"] == "" ? "pi" : ""
            // Until the debounced search's rows are on screen: a row is opened from them next.
            try await act(["list": ["binding": ["search": .string(search)]]]) { session in
                let names = (session.state["list"]?["pages"]?.arrayValue ?? []).flatMap { $0.arrayValue ?? [] }.compactMap { $0["name"]?.stringValue }
                return session.state["list"]?["status"] == "loaded"
                    && (search.isEmpty ? names.count >= 20 : !names.isEmpty && names.allSatisfy { $0.lowercased().contains(search) })
            }
        }
        try await act(["navigate": ["route": .string("/pokemon/\(id % 151 + 1)")]]) { $0.state["destination"]?["detail"]?["status"] == "loaded" }
        try await act(["destination": ["dismiss": [:]]])
    }
    let cpu = (ProcessCPU.seconds() ?? 0) - before
    // The recording is written as the session ends, at shutdown.
    await server.shutdown()
    return (cpu / Double(actions), actions)
}

/// The recording the one session of a run left: its bytes, its actions, and how many came
/// from the browser.
private func recordingSize(in directory: String) throws -> (bytes: Int, actions: Int, browserActions: Int) {
    let files = try FileManager.default.contentsOfDirectory(atPath: directory)
    guard let file = files.first, let data = FileManager.default.contents(atPath: directory + "/" + file) else { return (0, 0, 0) }
    var actions = 0, browser = 0
    for line in data.split(separator: UInt8(ascii: "\n")) {
        let text = String(decoding: line.prefix(80), as: UTF8.self)
        if text.contains(#""type":"action""#) {
            actions += 1
            if text.contains(#""source":"browser""#) { browser += 1 }
        }
    }
    return (data.count, actions, browser)
}
