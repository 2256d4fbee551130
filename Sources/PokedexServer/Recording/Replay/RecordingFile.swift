import Foundation
import StateSync

/// A recording read back: its start and its lines, in order.
struct RecordingFile: Sendable {
    var start: RecordingStart
    /// Every line after the start, with its line number in the file (from 2).
    var lines: [(number: Int, json: JSONValue)]

    init(jsonLines bytes: [UInt8]) throws(RecordingError) {
        var parsed: [(number: Int, json: JSONValue)] = []
        var lineNumber = 0
        for slice in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            lineNumber += 1
            guard !slice.isEmpty else { continue }
            do {
                parsed.append((lineNumber, try JSONParser.parse(Array(slice), maxDepth: 256)))
            } catch {
                throw RecordingError("line \(lineNumber) is not JSON: \(error)")
            }
        }
        guard let first = parsed.first else { throw RecordingError("the recording is empty") }
        start = try RecordingStart(json: first.json)
        lines = Array(parsed.dropFirst())
    }

    init(path: String) throws(RecordingError) {
        guard let data = FileManager.default.contents(atPath: path) else { throw RecordingError("cannot read \(path)") }
        try self.init(jsonLines: Array(data))
    }

    /// The recorded actions' lines.
    var actionLines: [JSONValue] { lines.map(\.json).filter { $0["type"]?.stringValue == "action" } }
}
