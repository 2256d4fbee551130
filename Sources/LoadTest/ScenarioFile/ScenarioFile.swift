import StateSync

/// A scenario described in a file (`--scenario-file`): which actions sessions take and how
/// often, how long they think between them, and how many sessions there are over time.
///
///     {
///       "name": "evening rush",
///       "actions": {"scroll": 4, "open": 3, "dismiss": 3, "search": 1, "navigate": 1, "star": 1},
///       "thinkTime": {"distribution": "exponential", "mean": 0.5},
///       "stages": [{"duration": 5, "target": 50}, {"duration": 20, "target": 50}, {"duration": 5, "target": 0}]
///     }
///
/// `actions`: weights (≥ 0, one at least positive) of the moves a user makes on screen.
/// `thinkTime`: `constant` (`seconds`), `uniform` (`min`, `max`), `exponential` (`mean`) or
/// `normal` (`mean`, `stddev`; never below zero), in seconds. `stages`, as k6's: the number of
/// sessions moves linearly from the previous stage's `target` (0 at the start) to this one's
/// over `duration` seconds.
public struct ScenarioFile: Sendable, Equatable {
    public var name: String
    public var actions: [ScreenMove: Double]
    public var thinkTime: ThinkTime
    public var stages: [Stage]

    public struct Stage: Sendable, Equatable {
        public var duration: Double
        public var target: Int
    }

    static let durationLimit = 0.001...3_600.0
    static let fields: Set<String> = ["name", "actions", "thinkTime", "stages"]
}

/// Why a scenario file was refused: the file, the line and the field.
public struct ScenarioFileError: Error, Equatable, CustomStringConvertible {
    public var file: String
    public var line: Int
    /// Where in the document (`stages[1].target`); empty for the document itself.
    public var field: String
    public var message: String

    public var description: String {
        "\(file):\(line): " + (field.isEmpty ? message : "\(field): \(message)")
    }
}

extension ScenarioFile {
    /// Reads `text` (the contents of `file`, named in errors).
    public init(parsing text: String, file: String) throws(ScenarioFileError) {
        let locator = JSONLocator(text)
        let document: JSONValue
        do {
            document = try JSONParser.parse(text)
        } catch {
            throw ScenarioFileError(file: file, line: locator.line(atOffset: error.offset), field: "", message: "not JSON: \(error.message)")
        }
        let reader = FieldReader(file: file, locator: locator)
        guard let root = document.objectValue else { throw reader.error([], "must be an object") }
        if let unknown = root.members.map(\.key).first(where: { !Self.fields.contains($0) }) {
            throw reader.error([.key(unknown)], "is not a field of a scenario (\(Self.fields.sorted().joined(separator: ", ")))")
        }
        name = try reader.optionalString(document, [.key("name")]) ?? file
        actions = try reader.weights(document, [.key("actions")])
        thinkTime = try reader.thinkTime(document, [.key("thinkTime")])
        stages = try reader.stages(document, [.key("stages")])
        let sessions = StagePlan(stages).sessionsNeeded
        if sessions > LoadOptions.sessionLimit.upperBound {
            throw reader.error([.key("stages")], "needs \(sessions) sessions in all, more than \(LoadOptions.sessionLimit.upperBound)")
        }
        let total = stages.reduce(0) { $0 + $1.duration }
        if total > Self.durationLimit.upperBound {
            throw reader.error([.key("stages")], "last \(total) s in all, more than \(Int(Self.durationLimit.upperBound)) s")
        }
    }
}
