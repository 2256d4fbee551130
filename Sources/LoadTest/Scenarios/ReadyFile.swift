import Foundation

/// `--ready-file`: the cue a scenario gives the script waiting beside it (failover, presence)
/// that the sessions are set and a target may be killed.
enum ReadyFile {
    /// Writes the file when one was asked for; a failure when it cannot be written, since the
    /// script waiting for it would wait in vain.
    static func write(for options: LoadOptions) -> ScenarioOutcome? {
        guard let path = options.readyFile,
              !FileManager.default.createFile(atPath: path, contents: Data("ready\n".utf8)) else { return nil }
        return ScenarioOutcome(failure: "Could not write the ready file \(path): the script waiting for it would wait in vain.")
    }
}
