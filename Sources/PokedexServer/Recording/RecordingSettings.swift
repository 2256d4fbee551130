import Foundation

/// How sessions record (`--record`, `--record-actions`, `--record-directory`): which sessions,
/// how many actions each keeps, and where the files go.
struct RecordingSettings: Sendable {
    /// Every session records (`--record`); otherwise none does.
    var everySession: Bool
    /// The ring's length in actions.
    var capacity: Int
    /// Where a recording is written when its session ends: `DIR/recordings` under the data
    /// directory. nil keeps recordings in memory only (`--debug`'s timeline).
    var directory: String?
    /// The CSV catalog the server reads, written in each recording for the replay's rows.
    var catalogCSV: String?
    /// `--debug`: each action's state difference and effects too, for `/debug/sessions/ID`.
    var keepsDebugDetail: Bool

    /// nil when sessions do not record: neither `--record` nor `--debug`.
    init?(options: ServerOptions) {
        guard options.record || options.debug else { return nil }
        everySession = true
        capacity = options.recordActions
        directory = options.record ? options.recordDirectory ?? Self.defaultDirectory(database: options.database) : nil
        catalogCSV = options.pokeAPI == nil ? options.catalogCSV : nil
        keepsDebugDetail = options.debug
    }

    /// What a session records on its user's consent ("Report a problem"), when not every
    /// session does: the same ring, always written to disk (the directory `--record` would
    /// use), so the reference the user quotes names a file.
    init(onConsent options: ServerOptions) {
        everySession = false
        capacity = options.recordActions
        directory = options.recordDirectory ?? Self.defaultDirectory(database: options.database)
        catalogCSV = options.pokeAPI == nil ? options.catalogCSV : nil
        keepsDebugDetail = options.debug
    }

    /// `recordings` beside a SQLite database; `data/recordings` in cluster mode.
    static func defaultDirectory(database: String) -> String {
        guard !database.hasPrefix("postgres"), !database.isEmpty else { return "data/recordings" }
        let parent = (database as NSString).deletingLastPathComponent
        return ((parent.isEmpty ? "." : parent) as NSString).appendingPathComponent("recordings")
    }
}
