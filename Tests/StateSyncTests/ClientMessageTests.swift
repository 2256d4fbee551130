import StateSync
import XCTest

final class ClientMessageTests: XCTestCase {
    private func parse(_ text: String) throws -> ClientMessage { try ClientMessage.parse(Array(text.utf8)) }

    func testParsesTheProtocolExamples() throws {
        XCTAssertEqual(try parse(#"{"type":"hello","version":1,"token":null,"resume":null,"route":"/pokemon/25"}"#),
                       .hello(.init(version: 1, token: nil, resume: nil, route: "/pokemon/25")))
        XCTAssertEqual(try parse(#"{"type":"action","ref":7,"action":{"list":{"rowTapped":{"id":25}}}}"#),
                       .action(ref: 7, action: ["list": ["rowTapped": ["id": 25]]]))
    }

    /// The server reads a frame where it lies (`Span`): the same message, and the same refusal.
    func testParsesAFrameInPlaceAsItsCopy() throws {
        let frame = Array(#"{"type":"action","ref":7,"action":{"destination":{"dismiss":{}}},"key":"k-1"}"#.utf8)
        XCTAssertEqual(try ClientMessage.parse(frame.span), try ClientMessage.parse(frame))
        let broken = Array(#"{"type":"action","ref":7,"#.utf8)
        XCTAssertThrowsError(try ClientMessage.parse(broken.span)) { error in
            XCTAssertEqual((error as? ProtocolError)?.code, .badJSON)
        }
    }

    func testParsesOptionalHelloFields() throws {
        XCTAssertEqual(try parse(#"{"type":"hello","version":1}"#), .hello(.init()))
        XCTAssertEqual(try parse(#"{"route":"/","resume":{"seq":4,"session":"s1"},"token":"t","version":1,"type":"hello"}"#),
                       .hello(.init(token: "t", resume: .init(session: "s1", seq: 4), route: "/")))
        XCTAssertEqual(try parse(#"{"type":"action","action":{"dismissNotice":{}}}"#),
                       .action(ref: nil, action: ["dismissNotice": [:]]))
    }

    func testRefusesFramesWithProtocolErrorCodes() {
        assertRefuses("{\"type\":", ProtocolError(.badJSON, "Malformed JSON: unexpected end of input, expected a value at byte 8."))
        assertRefuses("[1]", ProtocolError(.badJSON, "A message must be a JSON object."))
        assertRefuses(#"{"version":1}"#, ProtocolError(.badMessage, "A message needs a string 'type'."))
        assertRefuses(#"{"type":"bye"}"#, ProtocolError(.badMessage, "Unknown message type 'bye'."))
        assertRefuses(#"{"type":"hello"}"#, ProtocolError(.badMessage, "In 'hello', field 'version' is missing."))
        assertRefuses(#"{"type":"hello","version":"1"}"#, ProtocolError(.badMessage, "In 'hello', field 'version' must be an integer."))
        assertRefuses(#"{"type":"hello","version":2}"#, ProtocolError(.version, "Unsupported protocol version 2; this server speaks 1."))
        assertRefuses(#"{"type":"hello","version":1,"token":5}"#,
                      ProtocolError(.badMessage, "In 'hello', field 'token' must be a string of at most 128 bytes or null."))
        assertRefuses(#"{"type":"hello","version":1,"token":"\#(String(repeating: "t", count: 129))"}"#,
                      ProtocolError(.badMessage, "In 'hello', field 'token' must be a string of at most 128 bytes or null."))
        assertRefuses(#"{"type":"hello","version":1,"resume":{"session":"\#(String(repeating: "s", count: 129))","seq":0}}"#,
                      ProtocolError(.badMessage, "In 'hello' resume, field 'session' must be a string of at most 128 bytes."))
        assertRefuses(#"{"type":"hello","version":1,"resume":{"session":"s"}}"#,
                      ProtocolError(.badMessage, "In 'hello' resume, field 'seq' is missing."))
        assertRefuses(#"{"type":"hello","version":1,"resume":{"session":"s","seq":-1}}"#,
                      ProtocolError(.badMessage, "In 'hello' resume, field 'seq' must be a non-negative integer."))
        assertRefuses(#"{"type":"action","ref":"x","action":{}}"#,
                      ProtocolError(.badMessage, "In 'action', field 'ref' must be an integer or null."))
        assertRefuses(#"{"type":"action","ref":9}"#, ProtocolError(.badMessage, "In 'action', field 'action' is missing.", ref: 9))
        assertRefuses(#"{"type":"action","ref":9,"action":[]}"#,
                      ProtocolError(.badMessage, "In 'action', field 'action' must be an object.", ref: 9))
    }

    func testEncodesFramesTheParserReadsBack() throws {
        let messages: [ClientMessage] = [
            .hello(.init(token: "t", resume: .init(session: "s", seq: 3), route: "/pokemon/1")),
            .hello(.init()),
            .action(ref: 7, action: ["favoriteSet": ["list": "4c", "id": 25, "on": true]]),
            .action(ref: nil, action: ["dismissNotice": [:]]),
        ]
        for message in messages { XCTAssertEqual(try ClientMessage.parse(message.encoded()), message) }
        XCTAssertEqual(String(decoding: ClientMessage.hello(.init(route: "/pokemon/25")).encoded(), as: UTF8.self),
                       #"{"type":"hello","version":1,"token":null,"resume":null,"route":"/pokemon/25"}"#)
    }

    private func assertRefuses(_ text: String, _ expected: ProtocolError, line: UInt = #line) {
        XCTAssertThrowsError(try parse(text), line: line) { error in
            XCTAssertEqual(error as? ProtocolError, expected, line: line)
        }
    }
}
