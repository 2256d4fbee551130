import SeededRandom
import StateSync
import XCTest

final class JSONWriterTests: XCTestCase {
    func testWritesCompactJSONInKeyOrder() {
        let value: JSONValue = ["z": 1, "a": [true, false, nil], "m": ["nested": "x"], "e": [:], "l": []]
        XCTAssertEqual(value.jsonString, #"{"z":1,"a":[true,false,null],"m":{"nested":"x"},"e":{},"l":[]}"#)
    }

    func testIntegersHaveNoFractionAndDoublesKeepOne() {
        XCTAssertEqual(JSONValue.int(0).jsonString, "0")
        XCTAssertEqual(JSONValue.int(-42).jsonString, "-42")
        XCTAssertEqual(JSONValue.int(Int.min).jsonString, String(Int.min))
        XCTAssertEqual(JSONValue.int(Int.max).jsonString, String(Int.max))
        XCTAssertEqual(JSONValue.double(3).jsonString, "3.0")
        XCTAssertEqual(JSONValue.double(0.1).jsonString, "0.1")
        XCTAssertEqual(JSONValue.double(1e-7).jsonString, "1e-07")
        XCTAssertEqual(JSONValue.double(.infinity).jsonString, "null")
    }

    func testDoublesRoundTrip() throws {
        var generator = SeededGenerator(seed: 7)
        for _ in 0..<2000 {
            let bits = UInt64.random(in: .min ... .max, using: &generator)
            let number = Double(bitPattern: bits)
            guard number.isFinite else { continue }
            XCTAssertEqual(try JSONParser.parse(JSONValue.double(number).jsonBytes), .double(number))
        }
    }

    func testEscapesQuotesBackslashesAndControlCharacters() {
        let text = "a\"b\\c\n\r\t\u{8}\u{c}\u{0}\u{1f}/"
        XCTAssertEqual(JSONValue.string(text).jsonString, #""a\"b\\c\n\r\t\b\f\u0000\u001f/""#)
    }

    func testPassesNonASCIIThroughAsUTF8() {
        let text = "Seed Pokémon 🌱 ピカチュウ"
        XCTAssertEqual(JSONValue.string(text).jsonBytes, Array("\"\(text)\"".utf8))
    }

    func testEscapesObjectKeys() {
        let value: JSONValue = ["a\"b": 1]
        XCTAssertEqual(value.jsonString, #"{"a\"b":1}"#)
    }
}
