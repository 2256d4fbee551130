import Foundation
@testable import PokedexServer
import PokedexFeatures
import XCTest

/// The checked-in recordings (`Tests/Recordings/`, made by earlier builds): they still replay
/// with no difference on this one, and the tests they emit are the checked-in ones in
/// `Tests/PokedexFeaturesTests/Recorded/`, which run with the feature tests (and so compile and
/// pass). `session.jsonl` is recorded from a session's start (`RecordingTests`),
/// `consented.jsonl` from a user's "Report a problem" on (`ConsentRecordingTests`),
/// `stack.jsonl` a drill-down whose screens' ids the actions name (`RecordingTests`).
/// `POKEDEX_WRITE_RECORDING=1 swift test --filter RecordedFixtureTests` emits the tests again
/// from the checked-in recordings; with `--filter RecordingTests` or `ConsentRecordingTests` it
/// records new ones (after a deliberate change of behaviour).
final class RecordedFixtureTests: XCTestCase {
    func testTheCheckedInRecordingsReplayWithNoDifference() throws {
        for fixture in RecordedFixture.all {
            let file = try RecordingFile(path: fixture.recording.path)
            let report = try Replayer(file, reducer: AppFeature(), catalog: .embedded).run()
            XCTAssertNil(report.difference, "\(fixture.name): \(report.summary)")
            XCTAssertGreaterThan(report.actions, 5, fixture.name)
        }
    }

    func testTheTestsTheyEmitAreTheCheckedInOnes() throws {
        for fixture in RecordedFixture.all {
            let file = try RecordingFile(path: fixture.recording.path)
            if ProcessInfo.processInfo.environment["POKEDEX_WRITE_RECORDING"] == "1" {
                try Data(fixture.emit(file).utf8).write(to: fixture.emittedTest)
            }
            let checkedIn = try String(contentsOf: fixture.emittedTest, encoding: .utf8)
            XCTAssertEqual(try fixture.emit(file), checkedIn, "run POKEDEX_WRITE_RECORDING=1 swift test --filter RecordedFixtureTests")
        }
    }
}

struct RecordedFixture {
    static let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let session = RecordedFixture(name: "RecordedSession", file: "session.jsonl")
    static let consented = RecordedFixture(name: "ConsentedSession", file: "consented.jsonl")
    static let stack = RecordedFixture(name: "StackSession", file: "stack.jsonl")
    static let all = [session, consented, stack]

    let name: String
    let recording: URL
    let emittedTest: URL

    init(name: String, file: String) {
        self.name = name
        recording = Self.checkout.appendingPathComponent("Tests/Recordings/\(file)")
        emittedTest = Self.checkout.appendingPathComponent("Tests/PokedexFeaturesTests/Recorded/\(name)Tests.swift")
    }

    func emit(_ file: RecordingFile) throws -> String {
        var emitter = TestEmitter(name: name, start: file.start)
        _ = try Replayer(file, reducer: AppFeature(), catalog: .embedded).run { emitter.step($0) }
        return emitter.finish()
    }

    /// `POKEDEX_WRITE_RECORDING=1`: `bytes` become this fixture, and its emitted test the
    /// checked-in one.
    func writeIfAsked(_ bytes: [UInt8]) throws {
        guard ProcessInfo.processInfo.environment["POKEDEX_WRITE_RECORDING"] == "1" else { return }
        try Data(bytes).write(to: recording)
        try Data(emit(RecordingFile(jsonLines: bytes)).utf8).write(to: emittedTest)
    }
}
