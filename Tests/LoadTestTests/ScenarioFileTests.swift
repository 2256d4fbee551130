@testable import LoadTest
import SeededRandom
import StateSync
import XCTest

final class ScenarioFileTests: XCTestCase {
    static let valid = """
    {
      "name": "evening rush",
      "actions": {"scroll": 4, "open": 3, "dismiss": 3, "search": 1, "navigate": 1, "star": 0},
      "thinkTime": {"distribution": "uniform", "min": 0.2, "max": 0.6},
      "stages": [
        {"duration": 5, "target": 50},
        {"duration": 20, "target": 50},
        {"duration": 5, "target": 0}
      ]
    }
    """

    func testAValidFileReadsIntoItsParts() throws {
        let file = try ScenarioFile(parsing: Self.valid, file: "rush.json")
        XCTAssertEqual(file.name, "evening rush")
        XCTAssertEqual(file.actions, [.scroll: 4, .open: 3, .dismiss: 3, .search: 1, .navigate: 1, .star: 0])
        XCTAssertEqual(file.thinkTime, .uniform(min: 0.2, max: 0.6))
        XCTAssertEqual(file.stages, [.init(duration: 5, target: 50), .init(duration: 20, target: 50), .init(duration: 5, target: 0)])
        let minimal = try ScenarioFile(parsing: """
            {"actions": {"open": 1}, "thinkTime": {"distribution": "exponential", "mean": 1}, "stages": [{"duration": 1, "target": 2}]}
            """, file: "min.json")
        XCTAssertEqual(minimal.name, "min.json", "the file names an unnamed scenario")
        XCTAssertEqual(minimal.thinkTime, .exponential(mean: 1))
    }

    /// Each refusal names the line the bad field is on and the field's path.
    func testMalformedFilesAreRefusedNamingTheLineAndField() {
        func refusal(_ text: String) -> ScenarioFileError? {
            do {
                _ = try ScenarioFile(parsing: text, file: "f.json")
                return nil
            } catch {
                return error
            }
        }
        func replacing(_ old: String, _ new: String) -> String {
            precondition(Self.valid.contains(old))
            return Self.valid.replacingOccurrences(of: old, with: new)
        }
        let cases: [(String, Int, String, String)] = [
            (replacing(#"{"duration": 20, "target": 50}"#, #"{"duration": 20, "target": -3}"#), 7, "stages[1].target",
             "must be a whole number in 0…19000, not -3"),
            (replacing(#"{"duration": 5, "target": 0}"#, #"{"duration": "5s", "target": 0}"#), 8, "stages[2].duration",
             #"must be a number in 0.001…3600, not "5s""#),
            (replacing(#""search": 1"#, #""serach": 1"#), 3, "actions.serach",
             "is not an action; choose from scroll, open, dismiss, search, navigate, star"),
            (replacing(#""distribution": "uniform""#, #""distribution": "gamma""#), 4, "thinkTime.distribution",
             "must be constant, uniform, exponential or normal"),
            (replacing(#""min": 0.2, "max": 0.6"#, #""min": 0.6, "max": 0.2"#), 4, "thinkTime.max", "must not be below min"),
            (replacing(#""min": 0.2, "#, ""), 4, "thinkTime.min", "is missing"),
            (replacing(#"{"duration": 5, "target": 50},"#, #"{"duration": 5, "target": 50, "vus": 3},"#), 6, "stages[0].vus",
             "is not a field of a stage (duration, target)"),
            (replacing(#""name": "evening rush","#, #""name": "evening rush", "ramp": 1,"#), 2, "ramp",
             "is not a field of a scenario (actions, name, stages, thinkTime)"),
            (replacing(#"{"duration": 5, "target": 0}"#, #"{"duration": 5, "target": 0}, {"duration": 1, "target": 18990}"#), 5, "stages",
             "needs 19040 sessions in all, more than 19000"),
            (replacing(#""star": 0"#, #""star": true"#), 3, "actions.star", "must be a number in 0…1000000, not true"),
        ]
        for (text, line, field, message) in cases {
            XCTAssertEqual(refusal(text), ScenarioFileError(file: "f.json", line: line, field: field, message: message), field)
        }
        let broken = refusal("{\n  \"actions\": {\"open\": 1},\n  \"stages\": [\n}")
        XCTAssertEqual(broken?.line, 4, "a syntax error names the line the parser stopped on")
        XCTAssertEqual(broken?.field, "")
        XCTAssertTrue(broken?.description.hasPrefix("f.json:4: not JSON: ") ?? false, broken?.description ?? "")
        XCTAssertEqual(refusal(#"{"actions": {"open": 0}, "thinkTime": {"distribution": "constant", "seconds": 1}, "stages": [{"duration": 1, "target": 1}]}"#)?.message,
                       "needs one weight above zero")
        XCTAssertEqual(refusal("[1]")?.description, "f.json:1: must be an object")
    }

    func testStagesMoveTheTargetLinearlyFromZero() {
        let plan = StagePlan([.init(duration: 10, target: 100), .init(duration: 10, target: 100), .init(duration: 5, target: 50),
                              .init(duration: 5, target: 80)])
        XCTAssertEqual([0, 2.5, 5, 10, 15, 20, 22.5, 25, 27.5, 30, 99].map { plan.target(at: $0) },
                       [0, 25, 50, 100, 100, 100, 75, 50, 65, 80, 80])
        XCTAssertEqual(plan.totalSeconds, 30)
        XCTAssertEqual(plan.sessionsNeeded, 130, "100 up, then 30 fresh ones after 50 left")
    }

    func testThinkTimesFollowTheirDistribution() {
        var generator = SeededGenerator(seed: 5)
        func mean(_ distribution: ThinkTime) -> Double {
            let draws = (0..<20_000).map { _ in distribution.draw(using: &generator).seconds }
            return draws.reduce(0, +) / Double(draws.count)
        }
        XCTAssertEqual(ThinkTime.constant(seconds: 0.25).draw(using: &generator), .milliseconds(250))
        XCTAssertEqual(mean(.uniform(min: 1, max: 3)), 2, accuracy: 0.03)
        XCTAssertEqual(mean(.exponential(mean: 0.5)), 0.5, accuracy: 0.02)
        XCTAssertEqual(mean(.normal(mean: 2, stddev: 0.1)), 2, accuracy: 0.01)
        for _ in 0..<1000 {
            XCTAssertGreaterThanOrEqual(ThinkTime.normal(mean: 0, stddev: 1).draw(using: &generator), .milliseconds(1), "never negative")
        }
    }

    func testTheMixDrawsMovesByWeightAmongThoseTheScreenAllows() throws {
        let file = try ScenarioFile(parsing: """
            {"actions": {"scroll": 3, "open": 1, "dismiss": 5}, "thinkTime": {"distribution": "constant", "seconds": 1},
             "stages": [{"duration": 1, "target": 1}]}
            """, file: "mix.json")
        var plan = MixPlan(file: file, seed: 1)
        let list: JSONValue = ["status": "loaded", "canLoadMore": true, "isLoadingMore": false, "search": "",
                               "pages": [[["id": 1], ["id": 2]]]]
        let listOnly: JSONValue = ["list": list, "destination": .null]
        var kinds: [String: Int] = [:]
        for _ in 0..<4000 {
            let action = try XCTUnwrap(plan.nextAction(for: listOnly, awaitingAnswer: false))
            kinds[ActionKind.name(of: action), default: 0] += 1
        }
        XCTAssertNil(kinds["destination.dismiss"], "nothing to dismiss without a destination")
        XCTAssertEqual(Double(kinds["list.reachedEnd"] ?? 0) / 4000, 0.75, accuracy: 0.03)
        XCTAssertEqual(Double(kinds["list.rowTapped"] ?? 0) / 4000, 0.25, accuracy: 0.03)
        // Awaiting an answer: no row is opened (the rows may be replaced); scrolling goes on.
        for _ in 0..<200 {
            XCTAssertEqual(plan.nextAction(for: listOnly, awaitingAnswer: true), ScreenActions.scroll)
        }
        // Nothing possible: no scroll left, no destination, an answer awaited.
        let stuck: JSONValue = ["list": ["status": "loaded", "canLoadMore": false, "isLoadingMore": false, "pages": []], "destination": .null]
        XCTAssertNil(plan.nextAction(for: stuck, awaitingAnswer: true))
    }
}
