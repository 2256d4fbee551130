import StateSync
import XCTest

final class JSONParserTests: XCTestCase {
    func testParsesEveryKindOfValue() throws {
        let text = #" { "n" : null, "t": true, "f": false, "i": -12, "d": 1.5e2, "s": "x", "a": [1, [2]], "o": {} } "#
        let expected: JSONValue = ["n": nil, "t": true, "f": false, "i": -12, "d": 150.0, "s": "x", "a": [1, [2]], "o": [:]]
        XCTAssertEqual(try JSONParser.parse(text), expected)
    }

    func testKeepsKeyOrder() throws {
        let parsed = try JSONParser.parse(#"{"b":1,"a":2,"c":3}"#)
        XCTAssertEqual(parsed.objectValue?.keys, ["b", "a", "c"])
        XCTAssertEqual(parsed.jsonString, #"{"b":1,"a":2,"c":3}"#)
    }

    func testNumbersKeepIntegerOrDoubleKind() throws {
        XCTAssertEqual(try JSONParser.parse("0"), .int(0))
        XCTAssertEqual(try JSONParser.parse("-0.0"), .double(-0.0))
        XCTAssertEqual(try JSONParser.parse("2.0"), .double(2))
        XCTAssertEqual(try JSONParser.parse("1E3"), .double(1000))
        XCTAssertEqual(try JSONParser.parse("9223372036854775807"), .int(Int.max))
        XCTAssertEqual(try JSONParser.parse("9223372036854775808"), .double(9223372036854775808))
        XCTAssertEqual(try JSONParser.parse("-9223372036854775808"), .int(Int.min))
        XCTAssertEqual(try JSONParser.parse("[-0,151,-25,999999999999999999]"), [.int(0), .int(151), .int(-25), .int(999_999_999_999_999_999)])
        XCTAssertEqual(try JSONParser.parse("[12e1,-3.5]"), [.double(120), .double(-3.5)])
    }

    func testDecodesEscapesIncludingSurrogatePairs() throws {
        let parsed = try JSONParser.parse(#""\"\\\/\b\f\n\r\t\u00e9\u0041\ud83d\ude00""#)
        XCTAssertEqual(parsed, .string("\"\\/\u{8}\u{c}\n\r\té" + "A😀"))
    }

    func testRoundTripsSerializedValues() throws {
        let value: JSONValue = [
            "name": "Nidoran♀", "quote": "say \"hi\"\n", "ids": [1, 2, 3], "ratio": 0.25,
            "nested": ["deep": [["id": 1, "ok": true]]], "none": nil,
        ]
        XCTAssertEqual(try JSONParser.parse(value.jsonBytes), value)
        XCTAssertEqual(try JSONParser.parse(value.jsonString).jsonString, value.jsonString)
    }

    func testRejectsMalformedInputWithOffsets() {
        assertRejects(#"{"a":1"#, offset: 6, "unexpected end of input in object")
        assertRejects(#"[1,2,]"#, offset: 5, "unexpected character ']', expected a value")
        assertRejects(#"{"a":1,}"#, offset: 7, "expected a string key in object")
        assertRejects(#"{"a" 1}"#, offset: 5, "expected ':' after object key")
        assertRejects(#"[1 2]"#, offset: 3, "expected ',' or ']' in array")
        assertRejects(#""abc"#, offset: 0, "unterminated string")
        assertRejects(#"["\x"]"#, offset: 2, #"invalid escape '\x'"#)
        assertRejects(#"["\u12G4"]"#, offset: 6, #"expected four hex digits in \u escape"#)
        assertRejects(#"["\ud83d"]"#, offset: 2, #"lone high surrogate in \u escape"#)
        assertRejects(#"["\ud83d\u0041"]"#, offset: 2, #"lone high surrogate in \u escape"#)
        assertRejects(#"["\ude00"]"#, offset: 2, #"lone low surrogate in \u escape"#)
        assertRejects("[\"a\u{1}\"]", offset: 3, "unescaped control character in string")
        assertRejects("{} x", offset: 3, "unexpected data after the JSON value")
        assertRejects("[1]]", offset: 3, "unexpected data after the JSON value")
        assertRejects("tru", offset: 0, "invalid literal, expected 'true'")
        assertRejects("01", offset: 1, "leading zero in number")
        assertRejects("-", offset: 1, "expected a digit in number")
        assertRejects("1.", offset: 2, "expected a digit after '.'")
        assertRejects("1e+", offset: 3, "expected a digit in exponent")
        assertRejects("1e999", offset: 0, "number out of range")
        assertRejects("", offset: 0, "unexpected end of input, expected a value")
        assertRejects(#"{"a":1,"a":2}"#, offset: 7, "duplicate key 'a' in object")
        // Past the size where keys are checked through an index.
        let many = (1...20).map { #""k\#($0)":\#($0)"# }.joined(separator: ",")
        assertRejects("{\(many),\"k3\":0}", offset: many.utf8.count + 2, "duplicate key 'k3' in object")
    }

    func testNestedContainersKeepTheirOwnMembersAndLargeObjectsTheirIndex() throws {
        for size in [12, 13, 40] {
            let members = (1...size).map { #""\#($0)":{"id":\#($0),"rows":[[\#($0)],[]],"e":{}}"# }.joined(separator: ",")
            let parsed = try JSONParser.parse("[{\(members)},[],{\"after\":[1,2]}]")
            let object = try XCTUnwrap(parsed[0]?.objectValue)
            XCTAssertEqual(object.count, size)
            for id in 1...size {
                XCTAssertEqual(object.position(of: String(id)), id - 1)
                XCTAssertEqual(object[String(id)], ["id": .int(id), "rows": [[.int(id)], []], "e": [:]])
            }
            XCTAssertEqual(parsed[1], [])
            XCTAssertEqual(parsed[2], ["after": [1, 2]])
        }
    }

    func testRejectsInvalidUTF8() {
        XCTAssertThrowsError(try JSONParser.parse([0x22, 0xC3, 0x28, 0x22])) { error in
            XCTAssertEqual(error as? JSONParseError, JSONParseError(offset: 0, message: "invalid UTF-8 in string"))
        }
        // A lone continuation byte after ASCII text: ASCII runs skip validation, this one may not.
        XCTAssertThrowsError(try JSONParser.parse([0x22, 0x61, 0x62, 0x80, 0x22])) { error in
            XCTAssertEqual(error as? JSONParseError, JSONParseError(offset: 0, message: "invalid UTF-8 in string"))
        }
    }

    func testReadsASCIIAndMultiByteStrings() throws {
        XCTAssertEqual(try JSONParser.parse(#"["pikachu","Flabébé","🔥","a\u00e9b"]"#),
                       .array([.string("pikachu"), .string("Flabébé"), .string("🔥"), .string("aéb")]))
    }

    func testLimitsNestingDepth() throws {
        let allowed = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
        XCTAssertNoThrow(try JSONParser.parse(allowed))
        let bomb = String(repeating: "[", count: 100_000)
        assertRejects(bomb, offset: 64, "nesting deeper than 64 levels")
        assertRejects(String(repeating: #"{"a":"#, count: 65), offset: 320, "nesting deeper than 64 levels")
    }

    private func assertRejects(_ text: String, offset: Int, _ message: String, line: UInt = #line) {
        XCTAssertThrowsError(try JSONParser.parse(text), line: line) { error in
            XCTAssertEqual(error as? JSONParseError, JSONParseError(offset: offset, message: message), line: line)
        }
    }
}
