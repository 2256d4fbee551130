import Foundation
@testable import PokedexServer
import PokedexFeatures
import XCTest

/// The checked-in recording (`Tests/Recordings/session.jsonl`, made by an earlier build): it
/// still replays with no difference on this one, and the test it emits is the checked-in
/// `Tests/PokedexFeaturesTests/Recorded/RecordedSessionTests.swift`, which runs with the
/// feature tests. `POKEDEX_WRITE_RECORDING=1 swift test --filter RecordingTests` writes both
/// again (after a deliberate change of behaviour).
final class RecordedFixtureTests: XCTestCase {
    func testTheCheckedInRecordingReplaysWithNoDifference() throws {
        let file = try RecordingFile(path: RecordedFixture.recording.path)
        let report = try Replayer(file, reducer: AppFeature(), catalog: .embedded).run()
        XCTAssertNil(report.difference, report.summary)
        XCTAssertGreaterThan(report.actions, 20)
    }

    func testItsEmittedTestIsTheCheckedInOne() throws {
        let file = try RecordingFile(path: RecordedFixture.recording.path)
        // `POKEDEX_WRITE_RECORDING=1 swift test --filter RecordedFixtureTests` emits it again
        // from the checked-in recording alone.
        if ProcessInfo.processInfo.environment["POKEDEX_WRITE_RECORDING"] == "1" {
            try Data(RecordedFixture.emit(file).utf8).write(to: RecordedFixture.emittedTest)
        }
        let checkedIn = try String(contentsOf: RecordedFixture.emittedTest, encoding: .utf8)
        XCTAssertEqual(try RecordedFixture.emit(file), checkedIn, "run POKEDEX_WRITE_RECORDING=1 swift test --filter RecordingTests")
    }
}

enum RecordedFixture {
    static let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let recording = checkout.appendingPathComponent("Tests/Recordings/session.jsonl")
    static let emittedTest = checkout.appendingPathComponent("Tests/PokedexFeaturesTests/Recorded/RecordedSessionTests.swift")

    static func emit(_ file: RecordingFile) throws -> String {
        var emitter = TestEmitter(name: "RecordedSession", start: file.start)
        _ = try Replayer(file, reducer: AppFeature(), catalog: .embedded).run { emitter.step($0) }
        return emitter.finish()
    }
}
