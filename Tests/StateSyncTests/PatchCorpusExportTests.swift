import Foundation
@testable import StateSync
import XCTest

/// Writes random state pairs with the Swift diff between them to
/// .build/web-fixtures/patch-corpus.json, for the web client's patch.js and for
/// python3-jsonpatch (scripts/js-test) to apply: each must turn `before` into `after`.
final class PatchCorpusExportTests: XCTestCase {
    static let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let corpusURL = checkout.appendingPathComponent(".build/web-fixtures/patch-corpus.json")

    func testWritesTheRoundTripCorpus() throws {
        var random = RandomJSON(seed: 26)
        var cases: [JSONValue] = []
        for index in 0..<400 {
            // Mostly related states (a change to a screen), some unrelated (a new snapshot).
            let before = JSONValue.object(random.object(depth: 4))
            let after = index % 8 == 0 ? JSONValue.object(random.object(depth: 4)) : random.mutated(before, depth: 4)
            let operations = JSONPatch.diff(from: before, to: after)
            XCTAssertEqual(try JSONPatch.apply(operations, to: before), after)
            var writer = JSONWriter()
            writer.write(operations)
            cases.append(["before": before, "after": after, "ops": try JSONParser.parse(writer.bytes)])
        }
        try FileManager.default.createDirectory(at: Self.corpusURL.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(JSONValue.array(cases).jsonBytes).write(to: Self.corpusURL)
    }
}
