@testable import StateSync
import XCTest

/// A patch writes a value the memo holds by copying its remembered bytes: the frame must be
/// exactly what writing it would give, also for a copy of it changed since.
final class EncodedJSONMemoTests: XCTestCase {
    private let detail: JSONValue = ["detail": ["pokemon": ["id": 25, "name": "Pikachu"], "info": ["height": 4, "genus": "Mouse \"Pokémon\""]]]
    private let row: JSONValue = ["id": 1, "name": "Bulbasaur", "types": ["grass", "poison"]]

    private func frame(_ operations: [PatchOperation], _ memo: EncodedJSONMemo?) -> String {
        frame(operations, reading: memo.map(EncodedJSONReader.init))
    }

    private func frame(_ operations: [PatchOperation], reading reader: EncodedJSONReader?) -> String {
        ServerMessage.patch(seq: 3, ops: operations, ack: 7).encodedString(reusing: reader)
    }

    func testRememberedValuesAndElementsAreWrittenAsTheyEncode() {
        let memo = EncodedJSONMemo()
        memo.remember(detail)
        memo.remember(row)
        XCTAssertEqual(memo.count, 2)
        let page: JSONValue = [row, ["id": 2, "name": "Ivysaur", "types": ["grass"]]]
        let operations: [PatchOperation] = [
            .replace(path: "/destination", value: detail), .add(path: "/list/pages/1", value: page), .remove(path: "/alert"),
            .replace(path: "/route", value: "/pokemon/25"),
        ]
        XCTAssertEqual(frame(operations, memo), frame(operations, nil))
    }

    func testACopyChangedSinceIsWrittenWithItsChange() {
        let memo = EncodedJSONMemo()
        memo.remember(detail)
        var changed = detail
        changed["detail"]?["status"] = "loaded"
        let written = frame([.replace(path: "/destination", value: changed)], memo)
        XCTAssertTrue(written.contains(#""status":"loaded""#), written)
        XCTAssertEqual(written, frame([.replace(path: "/destination", value: changed)], nil))
    }

    func testScalarsAndEmptyContainersAreNotRemembered() {
        let memo = EncodedJSONMemo()
        memo.remember("text")
        memo.remember([:])
        memo.remember([])
        XCTAssertEqual(memo.count, 0)
    }

    func testPastItsCapacityItStartsOver() {
        let memo = EncodedJSONMemo(capacity: 2)
        let values: [JSONValue] = (0..<3).map { ["id": .int($0)] }
        for value in values { memo.remember(value) }
        XCTAssertEqual(memo.count, 1)
        let operations = values.map { PatchOperation.add(path: "/x", value: $0) }
        XCTAssertEqual(frame(operations, memo), frame(operations, nil))
    }

    /// Forgotten values are written as any other; the others, the last one moved into a
    /// forgotten one's place among them, are still found.
    func testForgottenValuesAreDroppedAndTheOthersKept() {
        let memo = EncodedJSONMemo()
        let values: [JSONValue] = (0..<4).map { ["id": .int($0), "name": .string("mon-\($0)")] }
        for value in values { memo.remember(value) }
        let reader = EncodedJSONReader(memo)
        XCTAssertEqual(reader.count, 4)
        memo.forget([values[0], values[2], ["id": 9]])
        XCTAssertEqual(memo.count, 2)
        let operations = values.map { PatchOperation.add(path: "/x", value: $0) }
        XCTAssertEqual(frame(operations, reading: reader), frame(operations, nil))
        XCTAssertEqual(reader.count, 2, "the reader took the table again")
        memo.forget([values[3]])
        memo.forget([values[3]])
        XCTAssertEqual(memo.count, 1)
        memo.remember(values[3])
        XCTAssertEqual(memo.count, 2)
        XCTAssertEqual(frame(operations, reading: reader), frame(operations, nil))
    }

    /// A thread's reader keeps its copy of the table: values remembered after it was made,
    /// and a memo that started over since, are read as they are now.
    func testAReaderTakesTheTableAgainWhenItChanges() {
        let memo = EncodedJSONMemo(capacity: 2)
        let reader = EncodedJSONReader(memo)
        let values: [JSONValue] = (0..<5).map { ["id": .int($0), "name": .string("pokemon \($0)")] }
        for value in values {
            memo.remember(value)
            let operations = values.map { PatchOperation.add(path: "/x", value: $0) }
            XCTAssertEqual(frame(operations, reading: reader), frame(operations, reading: nil))
            XCTAssertEqual(reader.count, memo.count)
        }
    }
}
