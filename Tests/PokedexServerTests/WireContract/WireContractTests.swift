import Foundation
import PokedexFeatures
@testable import PokedexServer
import StateSync
import WireContract
import XCTest

/// The wire contract's readers outside Swift say what `ActionTable` says: docs/PROTOCOL.md's
/// action table and web/js/action-table.js are its renderings (set `POKEDEX_WRITE_CONTRACT=1`
/// to rewrite them), and every example frame in docs/PROTOCOL.md decodes.
final class WireContractTests: XCTestCase {
    let protocolURL = WireContractFixture.checkout.appendingPathComponent("docs/PROTOCOL.md")
    let scriptURL = WireContractFixture.checkout.appendingPathComponent("web/js/action-table.js")
    var rewrite: Bool { ProcessInfo.processInfo.environment["POKEDEX_WRITE_CONTRACT"] == "1" }

    func testProtocolDocumentShowsTheTable() throws {
        let document = try String(contentsOf: protocolURL, encoding: .utf8)
        let markers = ActionTable.markdownMarkers
        let begin = try XCTUnwrap(document.range(of: markers.begin), "docs/PROTOCOL.md has no generated action table")
        let end = try XCTUnwrap(document.range(of: markers.end, range: begin.upperBound..<document.endIndex))
        let shown = String(document[begin.lowerBound..<end.upperBound])
        if rewrite, shown != ActionTable.markdown {
            try document.replacingCharacters(in: begin.lowerBound..<end.upperBound, with: ActionTable.markdown)
                .write(to: protocolURL, atomically: true, encoding: .utf8)
            return
        }
        XCTAssertEqual(shown, ActionTable.markdown, "docs/PROTOCOL.md's action table is stale: rerun with POKEDEX_WRITE_CONTRACT=1")
    }

    func testWebClientTableIsTheTable() throws {
        let shown = try? String(contentsOf: scriptURL, encoding: .utf8)
        if rewrite, shown != ActionTable.javaScript {
            try ActionTable.javaScript.write(to: scriptURL, atomically: true, encoding: .utf8)
            return
        }
        XCTAssertEqual(shown, ActionTable.javaScript, "web/js/action-table.js is stale: rerun with POKEDEX_WRITE_CONTRACT=1")
    }

    /// Every one-line frame in the document's JSON blocks parses as the message its `type`
    /// names, every action in them and in its tables decodes, and every multi-line example parses.
    func testEveryExampleInTheProtocolDecodes() throws {
        let document = try String(contentsOf: protocolURL, encoding: .utf8)
        let blocks = document.components(separatedBy: "```json\n").dropFirst().map { $0.components(separatedBy: "\n```")[0] }
        var frames = 0
        var actions: [JSONValue] = []
        for block in blocks {
            guard block.hasPrefix("{\"type\"") else {
                XCTAssertNoThrow(try JSONParser.parse(block), "not JSON:\n\(block)")
                continue
            }
            for line in block.split(separator: "\n") {
                let frame = Array(line.utf8)
                let json = try JSONParser.parse(frame)
                switch json["type"]?.stringValue {
                case "hello", "action":
                    let message = try ClientMessage.parse(frame)
                    if case let .action(_, action, _) = message { actions.append(action) }
                default:
                    XCTAssertNoThrow(try ServerMessage.parse(frame), String(line))
                }
                frames += 1
            }
        }
        for row in document.split(separator: "\n") where row.hasPrefix("| `{") {
            let cell = row.dropFirst(3).prefix { $0 != "`" }
            actions.append(try JSONParser.parse(String(cell)))
        }
        XCTAssertGreaterThanOrEqual(frames, 6)
        XCTAssertGreaterThanOrEqual(actions.count, ActionTable.entries.count)
        let state = WireContractFixture.state()
        for action in actions {
            let addressed = WireContractFixture.addressing(action, in: state)
            XCTAssertNoThrow(
                try ActionDecoder.decode(addressed, in: state, pokemonIDs: WireContractFixture.pokemonIDs),
                action.jsonString
            )
        }
    }

    /// Each entry's example becomes the entry's action, and building it by name gives the same JSON.
    func testEveryEntryDecodesItsExample() throws {
        let state = WireContractFixture.state()
        for entry in ActionTable.entries {
            let json = WireContractFixture.addressing(entry.exampleJSON, in: state)
            let decoded = try ActionDecoder.decode(json, in: state, pokemonIDs: WireContractFixture.pokemonIDs)
            XCTAssertIdentical(decoded.entry, entry, entry.name)
            XCTAssertEqual(ActionTable.action(entry.name, entry.example, element: entry.exampleElement), entry.exampleJSON)
        }
    }

    /// Writes each entry's example, as Swift builds it, to .build/web-fixtures/action-examples.json:
    /// the web client's tests (scripts/js-test) check that actions.js builds the same JSON.
    func testExportsTheExamplesForTheWebClient() throws {
        let examples = ActionTable.entries.map { entry -> JSONValue in
            [
                "name": .string(entry.name), "fields": .object(entry.example),
                "element": entry.exampleElement.map { .int($0) } ?? .null, "json": entry.exampleJSON,
            ]
        }
        let url = WireContractFixture.checkout.appendingPathComponent(".build/web-fixtures/action-examples.json")
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(JSONValue.array(examples).jsonBytes).write(to: url)
    }
}
